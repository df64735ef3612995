from rt import *
n = "c401_linen_batchnorm_train_literal"; m, _, _ = load(n)
try:
    x = jax.random.normal(jax.random.key(0), (16, 3)); y = x.sum(1)
    v = m.model.init(jax.random.key(1), x, train=False)
    params, stats = v["params"], v["batch_stats"]
    opt_state = m.tx.init(params)
    losses = []
    for _ in range(5):
        params, stats, opt_state, loss = m.train_step(params, stats, opt_state, x, y)
        losses.append(float(loss))
    moved = float(jnp.abs(stats["BatchNorm_0"]["mean"]).sum()) > 0
    ev = m.eval_step(params, stats, x)
    ok = moved and losses[-1] < losses[0] and ev.shape == (16,)
    verdict(n, not ok, f"stats moved {moved}, losses {losses[0]:.3f}->{losses[-1]:.3f}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
