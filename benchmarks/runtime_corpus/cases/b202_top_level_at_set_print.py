# "x.at[2].set(10) does nothing?"
import jax.numpy as jnp

x = jnp.arange(5.0)
x.at[2].set(10.0)  # expect: JXP202
print(x)
