from rt import *
n = "b202_grad_clip_branch"; m, _, _ = load(n)
params, opt = m.init(jax.random.PRNGKey(0))
tokens = jnp.array([[0, 1, 2, 0], [0, 3, 4, 5]]); labels = jnp.array([1, 2])
p2, _, _ = m.train_step(params, opt, tokens, labels, freeze_pad=True)
moved = float(jnp.max(jnp.abs(p2["embed"][0] - params["embed"][0])))
verdict(n, moved > 0, f"pad embedding moved by {moved:.4g} despite freeze_pad=True")
