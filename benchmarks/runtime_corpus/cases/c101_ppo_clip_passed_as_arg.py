"""PPO clipped-surrogate update where the annealed clip range is a traced argument."""
import jax
import jax.numpy as jnp

CONFIG = {
    "clip_eps": 0.2,
    "ent_coef": 0.01,
}


def policy_logits(params, obs):
    return obs @ params["w"] + params["b"]


def ppo_loss(params, obs, actions, old_logp, advantages, clip_eps):
    logp_all = jax.nn.log_softmax(policy_logits(params, obs))
    logp = jnp.take_along_axis(logp_all, actions[:, None], axis=1)[:, 0]
    ratio = jnp.exp(logp - old_logp)
    clipped = jnp.clip(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    surrogate = jnp.minimum(ratio * advantages, clipped * advantages)
    return -jnp.mean(surrogate)


@jax.jit
def ppo_update(params, obs, actions, old_logp, advantages, clip_eps):
    loss, grads = jax.value_and_grad(ppo_loss)(params, obs, actions, old_logp, advantages, clip_eps)
    params = jax.tree.map(lambda p, g: p - 3e-4 * g, params, grads)
    return params, loss


def anneal_clip(progress):
    CONFIG["clip_eps"] = 0.2 * (1.0 - progress)


def train(params, batches, total_updates):
    losses = []
    for i, (obs, actions, old_logp, adv) in enumerate(batches):
        anneal_clip(i / total_updates)
        params, loss = ppo_update(params, obs, actions, old_logp, adv, CONFIG["clip_eps"])
        losses.append(loss)
    return params, losses
