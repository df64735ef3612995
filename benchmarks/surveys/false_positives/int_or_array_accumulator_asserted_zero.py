# Project: e3nn/e3nn-jax e3nn_jax/_src/irreps_array.py:1209 (IrrepsArray.rechunk); JXP401
#   "Python `assert` on traced value `current_array == 0`".
# What the code does: an accumulator is the int 0 or a count of zero rows, or an array of
#   rows being gathered; every time a chunk is complete it is reset to the int 0. After the
#   loop `assert current_array == 0` checks that nothing is left over.
# Why it is false: on every valid input the accumulator is the int 0 at the assert (an array
#   left there would be a bug the assert is meant to catch); comparing an int is static, so
#   the assert runs fine under jit.
# What the analysis would need: path-sensitive types: after `if isinstance(acc, int)` /
#   reset-to-literal branches the name holds an int on the paths that reach the assert; at
#   least, a name that is a literal int on some paths should not make `acc == 0` certainly
#   traced.
# Left untaught (twentieth set, lead): needs kinds per path (the name is the int 0 on every
#   path that reaches the assert); the walk joins the int with the array.
import jax
import jax.numpy as jnp


@jax.jit
def rechunk(x):
    chunks = []
    current = 0
    for size in (2, 3):
        piece, x = x[:size], x[size:]
        if isinstance(current, int) and current == 0:
            current = piece
        else:
            current = jnp.concatenate([current, piece])
        if current.shape[0] == size:
            chunks.append(current)
            current = 0
    assert current == 0
    return jnp.concatenate(chunks)


assert rechunk(jnp.arange(5.0)).shape == (5,)
