from rt import *
n = "b101_class_weights_rebalanced"; m, _, _ = load(n)
import optax
logits = jnp.array([[2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 3.0], [0.0, 1.0, 0.0, 0.0]])
labels = jnp.array([0, 3, 2])
m.weighted_ce(logits, labels)
m.rebalance([100, 10, 5, 1])
got = m.weighted_ce(logits, labels)
w = jnp.asarray(m.class_weights)[labels]
ce = optax.softmax_cross_entropy_with_integer_labels(logits, labels)
ref = jnp.sum(w * ce) / jnp.sum(w)
verdict(n, not np.allclose(got, ref), f"got {float(got):.4f} ref {float(ref):.4f}")
