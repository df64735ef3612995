import jax
import jax.numpy as jnp


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [jax.random.normal(k, (a, b)) * 0.1 for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def forward(params, x, dropout_key, rate=0.1):
    for w in params:
        x = jax.nn.relu(x @ w)
        dropout_key, sub = jax.random.split(dropout_key)
        x = jnp.where(jax.random.bernoulli(sub, 1 - rate, x.shape), x / (1 - rate), 0.0)
    return x


def setup_and_run(seed, x):
    key = jax.random.PRNGKey(seed)
    rngs = {"params": key, "dropout": key}
    params = init_mlp(rngs["params"], [x.shape[-1], 8, 2])
    return forward(params, x, rngs["dropout"])  # expect: JXP301
