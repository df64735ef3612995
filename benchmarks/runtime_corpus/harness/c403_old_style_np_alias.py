from rt import *
n = "c403_old_style_np_alias"; m, _, _ = load(n)
x = jnp.arange(6.0).reshape(3, 2)
out = m.normalize(x)
mean = x.mean(0); std = jnp.sqrt(x.var(0) + 1e-5); z = (x - mean) / std
ref = jnp.exp(jnp.log1p(jnp.abs(z))) * np.sqrt(3) / 6
verdict(n, not bool(jnp.allclose(out, ref, atol=1e-5)), out)
