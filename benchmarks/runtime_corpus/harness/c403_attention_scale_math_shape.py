from rt import *
n = "c403_attention_scale_math_shape"; m, _, _ = load(n)
q = jax.random.normal(jax.random.key(0), (2, 5, 4))
out = m.attn(q, q, q)
def ref(q, k, v):
    b, t, d = q.shape; h = 2; hd = d // h
    s = lambda z: z.reshape(b, t, h, hd).transpose(0, 2, 1, 3)
    a = jax.nn.softmax(s(q) @ s(k).transpose(0, 1, 3, 2) / np.sqrt(hd), axis=-1)
    return (a @ s(v)).transpose(0, 2, 1, 3).reshape(b, t, d)
verdict(n, not bool(jnp.allclose(out, ref(q, q, q), atol=1e-5)), out.shape)
