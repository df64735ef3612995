import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def _policy_logits(w, obs):
    return obs @ w


def legal_action_probs(w, obs, illegal):
    logits = np.array(jax.device_get(_policy_logits(w, obs)))
    logits[illegal] = -np.inf
    p = np.exp(logits - logits.max())
    return jnp.asarray(p / p.sum())
