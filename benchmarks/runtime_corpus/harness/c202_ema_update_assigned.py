from rt import *
n = "c202_ema_update_assigned"; m, _, _ = load(n)
out = m.update_ema({"embed": jnp.zeros((4, 2)), "w": jnp.zeros(2)}, {"embed": jnp.ones((4, 2)), "w": jnp.ones(2)}, jnp.float32(10.0), jnp.array([3]))
verdict(n, float(out["embed"][3, 0]) != 1.0, f"row3={out['embed'][3].tolist()}")
