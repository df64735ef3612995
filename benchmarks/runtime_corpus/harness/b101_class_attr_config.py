from rt import *
n = "b101_class_attr_config"; m, _, _ = load(n)
g = jnp.array([3.0, 4.0])
m.clip_grads(g); m.tighten_clipping()
got = m.clip_grads(g)
verdict(n, not np.isclose(float(jnp.linalg.norm(got)), 0.1), f"norm={float(jnp.linalg.norm(got))} expected 0.1")
