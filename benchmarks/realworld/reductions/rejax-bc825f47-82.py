"""A truth test of a key argument in a train classmethod that users jit and vmap.

Reduces rejax-bc825f47-82 (and -34, -43): `PPO.train(config, rng)` is meant to be
`jax.jit`/`jax.vmap`-ed by its users (`jax.vmap(PPO.train, in_axes=(None, 0))(config, keys)`);
`not (train_state or rng)` then asks for the truth value of a traced key.
"""
import jax


class PPO:
    @classmethod
    def train(cls, config, rng=None, train_state=None):
        if not (train_state or rng):  # JXP401
            raise ValueError("Either train_state or rng must be provided")
        rng, init_rng = jax.random.split(rng)
        return jax.random.normal(init_rng, (config.num_envs,))
