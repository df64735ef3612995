# Seen: google-research/kauldron @c9b3ec86 kauldron/contrib/metrics/segmentation_tracking.py:170 (JXP401)
#     j = inters / union
#     if j.ndim == 0:
#       j = 1 if jnp.isclose(union, 0) else j
#     else:
#       j = jnp.where(jnp.isclose(union, 0), 1, j)
#   db_eval_iou's only caller is `jax.vmap(db_eval_iou, in_axes=(-1, -1))(gt, pred)` on
#   (t, H, W, n_class) masks, so inside the vmap each call sees (t, H, W) masks and `union`
#   (summed over the last two axes) has shape (t,).
# What the code does: a Python `... if ... else ...` on an array value, but only in the branch
#   for 0-d results; arrays with a leading axis take the jnp.where branch.
# Why the finding is wrong: `j.ndim` is static; under the one vmap that reaches this function
#   the per-example result is 1-d, so the Python conditional is never evaluated on a tracer and
#   nothing raises (the 0-d branch is only reached by eager calls on single (H, W) masks).
# What the analysis misses: a branch guarded by a static shape test (`x.ndim == 0`) that the
#   transformed call's shapes never take.
# Left untaught (typedargs, this session): whether `j.ndim == 0` can hold under the vmap
# depends on the input's rank (`Float["*b t H W"]`: with `*b` empty the 0-d branch runs and
# raises), and the analysis tracks no ranks; the finding is latent at worst.
import jax
import jax.numpy as jnp


def iou(annotation, segmentation):
    inters = jnp.sum(segmentation & annotation, axis=(-2, -1))
    union = jnp.sum(segmentation | annotation, axis=(-2, -1))
    j = inters / union
    if j.ndim == 0:
        j = 1 if jnp.isclose(union, 0) else j
    else:
        j = jnp.where(jnp.isclose(union, 0), 1, j)
    return j


def per_class_iou(gt, pred):
    # gt, pred: (t, H, W, n_class) boolean masks
    return jax.vmap(iou, in_axes=(-1, -1))(gt, pred)


if __name__ == "__main__":
    gt = jnp.zeros((3, 4, 4, 2), bool).at[:, :2, :, 0].set(True)
    print(jax.jit(per_class_iou)(gt, gt))
