# expect: none
# "My list of losses is empty": append outside the jitted step.
import jax
import jax.numpy as jnp

history = {"loss": [], "step": []}


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    return w - 0.1 * g, loss


w = jnp.zeros(2)
x = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
y = jnp.array([1.0, 2.0, 3.0])
for step in range(5):
    w, loss = train_step(w, x, y)
    history["loss"].append(float(loss))
    history["step"].append(step)
