import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(0.5, deterministic=not train)(x)
        return nn.Dense(3)(x)


model = Classifier()


def loss_on_random_minibatch(params, xs, ys, rng, batch_size=8):
    idx = jax.random.choice(rng, xs.shape[0], (batch_size,), replace=False)
    x, y = xs[idx], ys[idx]
    noise = 0.01 * jax.random.normal(rng, x.shape)  # expect: JXP301
    logits = model.apply(params, x + noise, train=True, rngs={"dropout": jax.random.fold_in(rng, 1)})
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1))
