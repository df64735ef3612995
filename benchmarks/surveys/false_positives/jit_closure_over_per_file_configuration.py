# Seen in NX-AI/xlstm-jax scripts/speed_benchmark/run_jax_kernel_comparison.py:67 (JXP603,
# an example). For each saved PyTorch output file the script parses the kernel's
# hyperparameters from the file name into a dict (`hparams["CHUNK"]`, `hparams["dtype"]`),
# defines `loss_fn` closing over them and runs
# `jax.jit(jax.value_and_grad(loss_fn, ...))` once on that file's arrays. Each file is
# another configuration (chunk size, dtype, shapes), so one compilation per file is the
# least there can be, and "jit it once, outside the function" cannot be done: the closure
# differs per call. (The learned case, fixtures/surveys/jit_of_per_configuration_closure.py,
# reads the configuration from a module-level namespace; here it comes from a dict the
# function builds from its argument.)
# Checked under jax 0.10.2: `python jit_closure_over_per_file_configuration.py` passes.
import jax
import jax.numpy as jnp


def parse(name):
    hparams = {}
    for part in name.split("_"):
        if part.startswith("CHUNK"):
            hparams["CHUNK"] = int(part[len("CHUNK"):])
        elif part in ("fp32", "bf16"):
            hparams["dtype"] = {"fp32": jnp.float32, "bf16": jnp.bfloat16}[part]
    return hparams


def compare(name, x):
    hparams = parse(name)

    def loss_fn(x):
        chunks = x.astype(hparams["dtype"]).reshape(-1, hparams["CHUNK"])
        return chunks.sum(-1).astype(jnp.float32).max()

    grad_fn = jax.jit(jax.value_and_grad(loss_fn))  # must not be reported (JXP603)
    return grad_fn(x)


if __name__ == "__main__":
    x = jnp.arange(8.0)
    results = [compare(name, x) for name in ("CHUNK2_fp32", "CHUNK4_bf16")]
    for name in ("CHUNK2_fp32", "CHUNK4_bf16"):
        loss, grad = compare(name, x)
        assert grad.shape == x.shape
    assert float(results[0][0]) == 13.0 and float(results[1][0]) == 22.0
    print("ok")
