from rt import *
n = "b302_choice_same_positions_per_sequence"; m, _, _ = load(n)
trajs = [jnp.arange(20) + 100 * i for i in range(4)]
subs = m.subsample_trajectories(jax.random.PRNGKey(0), trajs, 5)
pos = [tuple(np.asarray(s) - 100 * i) for i, s in enumerate(subs)]
verdict(n, len(set(pos)) == 1, f"time steps picked per trajectory: {pos} (independent trajectories, same positions every time)")
