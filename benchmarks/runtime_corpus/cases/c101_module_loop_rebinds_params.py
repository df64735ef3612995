# expect: none
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax

model = nn.Dense(1)
tx = optax.sgd(0.1)
x = jnp.ones((4, 3))
y = jnp.zeros((4, 1))
params = model.init(jax.random.key(0), x)
opt_state = tx.init(params)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((model.apply(p, x) - y) ** 2))(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


losses = []
for _ in range(3):
    params, opt_state, loss = train_step(params, opt_state, x, y)
    losses.append(float(loss))
