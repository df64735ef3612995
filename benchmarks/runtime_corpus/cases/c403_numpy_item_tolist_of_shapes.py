# expect: none
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def patchify(images):
    b, h, w, c = images.shape
    grid = np.array([h, w]) // 4
    n_patches = np.prod(grid).item()
    gh, gw = grid.tolist()
    patch_dim = np.int64(4 * 4 * c).item()
    x = images.reshape(b, gh, 4, gw, 4, c).transpose(0, 1, 3, 2, 4, 5)
    pos = np.linspace(0.0, 1.0, n_patches).astype(np.float32).tolist()
    return x.reshape(b, n_patches, patch_dim) + jnp.asarray(pos)[None, :, None]
