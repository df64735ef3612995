"""Initialise a two-tower retrieval model from one seed."""
import jax
import jax.numpy as jnp


def init_tower(key, vocab, dim):
    k_emb, k_proj = jax.random.split(key)
    return {"embed": jax.random.normal(k_emb, (vocab, dim)) * 0.02,
            "proj": jax.random.normal(k_proj, (dim, dim)) / jnp.sqrt(dim)}


def init_model(seed, n_queries=100, n_items=500, dim=16):
    keys = jax.random.split(jax.random.PRNGKey(seed), 3)
    query_tower = init_tower(keys[0], n_queries, dim)
    item_tower = init_tower(keys[1], n_items, dim)
    temperature = jnp.exp(jax.random.uniform(keys[2], (), minval=-1.0, maxval=1.0))
    return {"query": query_tower, "item": item_tower, "log_temp": jnp.log(temperature)}


@jax.jit
def score(params, q_ids, i_ids):
    q = params["query"]["embed"][q_ids] @ params["query"]["proj"]
    i = params["item"]["embed"][i_ids] @ params["item"]["proj"]
    return (q @ i.T) / jnp.exp(params["log_temp"])
