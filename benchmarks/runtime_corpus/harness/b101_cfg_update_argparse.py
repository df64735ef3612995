from rt import *
import optax
n = "b101_cfg_update_argparse"; m, _, _ = load(n)
got = m.main(["--label_smoothing", "0.3"])
logits = jnp.array([[2.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0]])
t = jax.nn.one_hot(jnp.array([0, 1]), 4) * 0.7 + 0.3 / 4
ref = optax.softmax_cross_entropy(logits, t).mean()
verdict(n, abs(float(got) - float(ref)) > 1e-5, f"got {float(got)} ref {float(ref)}")
