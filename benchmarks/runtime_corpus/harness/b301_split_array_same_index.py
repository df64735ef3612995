from rt import *
n = "b301_split_array_same_index"; m, _, _ = load(n)
p = m.init_model(0)
same_proj = bool(jnp.allclose(p["query"]["proj"], p["item"]["proj"]))
same_emb = bool(jnp.allclose(p["query"]["embed"][:5], p["item"]["embed"][:5]))
verdict(n, same_proj, f"query/item towers share projection: {same_proj}, first embeddings equal: {same_emb}")
