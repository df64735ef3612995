"""The test: three gradient-accumulation steps with one key, to a loss that ignores it."""
import jax
import jax.numpy as jnp

from .map_trainer import JittedMAPTrainer


def loss_fn(params, batch, **kwargs):
    return jnp.mean((batch * params - 1.0) ** 2), {}


def accumulate(rng, batches):
    trainer = JittedMAPTrainer()
    state = jnp.ones(())
    losses = []
    for batch in batches:
        state, aux = trainer.training_step(  # must not be reported (JXP302)
            state=state,
            batch=batch,
            rng=rng,
            loss_fun=loss_fn,
        )
        losses.append(aux["loss"])
    return state, losses


if __name__ == "__main__":
    batches = [jnp.arange(3.0) + i for i in range(3)]
    rng, _ = jax.random.split(jax.random.PRNGKey(0), 2)
    same = accumulate(rng, batches)
    other = accumulate(jax.random.PRNGKey(7), batches)
    assert jnp.array_equal(same[0], other[0])  # the key changes nothing
    print("ok")
