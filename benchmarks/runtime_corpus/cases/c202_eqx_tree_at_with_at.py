# expect: none
import equinox as eqx
import jax


def zero_first_row(model):
    return eqx.tree_at(lambda m: m.weight, model, model.weight.at[0].set(0.0))


@eqx.filter_jit
def prune(model, idx):
    return eqx.tree_at(lambda m: m.bias, model, model.bias.at[idx].set(0.0))
