from rt import *
n = "b101_physics_gravity_array_global"; m, _, _ = load(n)
pos = jnp.ones((5, 3)) * 10; vel = jnp.zeros((5, 3)); mass = jnp.ones(5)
m.simulate(pos, vel, mass, 3)
m.set_planet("moon")
stale = m.simulate(pos, vel, mass, 3)
fresh_fn = m.integrate.__wrapped__  # eager reference
p, v = pos, vel
for _ in range(3):
    p, v = fresh_fn(p, v, mass)
verdict(n, not np.allclose(stale[-1], p), f"stale y={float(stale[-1][0,1]):.5f} fresh y={float(p[0,1]):.5f}")
