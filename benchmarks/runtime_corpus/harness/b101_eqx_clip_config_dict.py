from rt import *
n = "b101_eqx_clip_config_dict"; m, _, _ = load(n)
model = m.make_model(jax.random.key(0))
xs = 50.0 * jnp.ones((3, 4))
m.clipped_forward(model, xs)
m.set_clip(1e6)
got = m.clipped_forward(model, xs)
ref = jax.vmap(model)(xs)
verdict(n, not np.allclose(got, ref, rtol=1e-5), f"max|out| {float(jnp.abs(got).max()):.3f} vs unclipped {float(jnp.abs(ref).max()):.3f}")
