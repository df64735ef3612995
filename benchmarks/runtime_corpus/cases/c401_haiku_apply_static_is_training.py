# expect: none
import haiku as hk
import jax
import jax.numpy as jnp


def net_fn(x, is_training):
    x = hk.Linear(8)(x)
    if is_training:
        x = hk.dropout(hk.next_rng_key(), 0.5, x)
    return hk.Linear(2)(jax.nn.relu(x))


model = hk.transform(net_fn)
apply_fn = jax.jit(model.apply, static_argnums=3)


def train_and_eval(params, key, x):
    train_out = apply_fn(params, key, x, True)
    eval_out = apply_fn(params, None, x, False)
    return train_out, eval_out
