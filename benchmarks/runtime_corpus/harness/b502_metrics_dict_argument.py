from rt import *
n = "b502_metrics_dict_argument"; m, _, _ = load(n)
params = {"w": jnp.zeros((3, 2)), "b": jnp.zeros(2)}
opt = m.optimizer.init(params)
batches = [(jnp.ones((4, 3)), jnp.array([0, 1, 0, 1]))]
_, _, hist = m.train_epoch(params, opt, batches)
# zero weights -> true cross-entropy is log(2) = 0.693, accuracy 0.5
verdict(n, abs(hist[0]["loss"] - 0.6931) > 1e-3, f"recorded metrics {hist[0]} (true loss 0.693)")
