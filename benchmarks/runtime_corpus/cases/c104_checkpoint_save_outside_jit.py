# expect: none
import json
import os
import pickle
import time

import jax
import jax.numpy as jnp
import numpy as np
import optax

tx = optax.adam(1e-2)


@jax.jit
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p["w"] + p["b"] - y) ** 2))(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


def train(params, batches, ckpt_dir, every=2):
    opt_state = tx.init(params)
    log = []
    for step, (x, y) in enumerate(batches):
        params, opt_state, loss = train_step(params, opt_state, x, y)
        log.append({"step": step, "loss": float(loss), "time": time.time()})
        if (step + 1) % every == 0:
            state = jax.device_get({"params": params, "opt_state": opt_state, "step": step})
            with open(os.path.join(ckpt_dir, f"ckpt_{step}.pkl"), "wb") as f:
                pickle.dump(state, f)
            np.save(os.path.join(ckpt_dir, "w.npy"), np.asarray(params["w"]))
    with open(os.path.join(ckpt_dir, "log.json"), "w") as f:
        json.dump(log, f)
    return params
