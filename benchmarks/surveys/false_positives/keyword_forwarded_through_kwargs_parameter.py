# Seen in google-research/perch chirp/train/hubert.py:151 (1 JXP401).
# The pmapped `update_step` computes `final_loss(model_outputs,
# taxonomy_loss_weight=taxonomy_loss_weight, alpha=..., **batch)`, where
# `taxonomy_loss_weight = model_bundle.model.taxonomy_loss_weight` is a Python float read
# from the model's configuration outside the pmap and closed over. `final_loss(outputs,
# alpha, ..., **kwargs_for_supervised)` forwards it with `supervised_loss(outputs,
# readout_loss_mult=..., **kwargs_for_supervised)`, which passes it on to
# `taxonomy_cross_entropy(outputs, taxonomy_loss_weight, label, ...)`, where `if
# taxonomy_loss_weight != 0:` adds the genus/family/order losses. The value is the same
# Python float all the way: the test is static. The analysis takes everything that reaches
# a function through its `**kwargs` parameter as traced when the dict also carries traced
# entries (`**batch`); it would have to follow each keyword to the parameter it fills.
# Checked under jax 0.10.2: `python keyword_forwarded_through_kwargs_parameter.py` passes.
import jax
import jax.numpy as jnp


def taxonomy_loss(outputs, taxonomy_loss_weight: float, label, genus=None):
    loss = jnp.mean((outputs - label) ** 2)
    if taxonomy_loss_weight != 0:  # must not be reported (JXP401)
        loss += taxonomy_loss_weight * jnp.mean((outputs - genus) ** 2)
    return loss


def supervised_loss(outputs, taxonomy_loss_weight: float, readout_loss_mult: float, label,
                    genus=None, **unused_kwargs):
    del unused_kwargs
    return readout_loss_mult * taxonomy_loss(outputs, taxonomy_loss_weight, label, genus)


def final_loss(outputs, quant_loss_mult: float, readout_loss_mult: float, **kwargs_for_supervised):
    return quant_loss_mult + supervised_loss(
        outputs, readout_loss_mult=readout_loss_mult, **kwargs_for_supervised)


def make_step(taxonomy_loss_weight: float):
    @jax.jit
    def step(params, batch):
        return final_loss(params * batch["audio"], quant_loss_mult=0.0, readout_loss_mult=1.0,
                          taxonomy_loss_weight=taxonomy_loss_weight, **batch)

    return step


if __name__ == "__main__":
    batch = {"audio": jnp.ones(3), "label": jnp.zeros(3), "genus": jnp.ones(3)}
    assert float(make_step(0.0)(jnp.float32(1.0), batch)) == 1.0
    assert float(make_step(1.0)(jnp.float32(1.0), batch)) == 1.0
    assert float(make_step(1.0)(jnp.float32(2.0), batch)) == 4.0 + 1.0
    print("ok")
