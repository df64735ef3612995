from rt import *
n = "b202_ema_update_unused_name"; m, _, _ = load(n)
ema = {"embed": jnp.zeros((4, 2)), "w": jnp.zeros(2)}
params = {"embed": jnp.ones((4, 2)), "w": jnp.ones(2)}
out = m.update_ema(ema, params, jnp.float32(10.0), jnp.array([3]))
verdict(n, float(out["embed"][3, 0]) != 1.0, f"row 3 after update = {out['embed'][3].tolist()} (expected live weights 1.0)")
