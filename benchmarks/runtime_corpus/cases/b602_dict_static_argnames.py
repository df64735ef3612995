import jax
import jax.numpy as jnp


def build_features(x, spec):
    return jnp.concatenate([x ** p for p in spec["powers"]])


build_features_jit = jax.jit(build_features, static_argnames=("spec",))
feats = build_features_jit(jnp.ones(2), spec={"powers": (1, 2)})  # expect: JXP602
