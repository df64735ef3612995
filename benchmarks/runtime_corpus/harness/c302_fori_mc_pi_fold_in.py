from rt import *
n = "c302_fori_mc_pi_fold_in"; m, _, _ = load(n)
v = float(m.estimate_pi(jax.random.key(3), n=2000))
verdict(n, abs(v - 3.14159) > 0.3, f"pi estimate {v}")
