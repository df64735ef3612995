from rt import *
n = "c101_physics_constants_frozen"; m, _, _ = load(n)
pos = jnp.ones((5, 3)) * 10; vel = jnp.zeros((5, 3)); mass = jnp.ones(5)
m.simulate(pos, vel, mass, 3)
moon = m.simulate(pos, vel, mass, 3, planet="moon")
p, v = pos, vel
for _ in range(3):
    v = v + m.DT * (mass[:, None] * jnp.array([0, -1.62, 0]) - m.DRAG * v) / mass[:, None]; p = p + m.DT * v
verdict(n, not np.allclose(moon[-1], p, atol=1e-6), f"{float(moon[-1][0,1]):.5f} vs {float(p[0,1]):.5f}")
