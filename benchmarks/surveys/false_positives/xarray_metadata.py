# Seen in google-deepmind/graphcast weathernext/utils/xarray_dense.py:43-968 (7 JXP401, 1
# JXP403, 2 JXP104) and weathernext/weathernext2/architecture_utils.py:43 (JXP401). The
# model's layers take xarray DataArrays (and Datasets) that wrap traced arrays (graphcast's
# xarray_jax registers them as pytrees whose aux data are the dims and coordinates), and read
# their metadata: `data_array.sizes[dim]`, `data_array.dims`, `dim in data_array.coords`,
# the numpy coordinate values, `set(dataset)` (the variable names). Those are Python ints,
# strings and numpy arrays under jit; only `.data` holds a tracer. A warning about a missing
# coordinate is issued once per trace, on purpose (it concerns the parameter names).
# Checked under jax 0.10.2 and xarray 2026.9.0: `python xarray_metadata.py` passes.
import logging

import jax
import jax.numpy as jnp
import numpy as np
import xarray as xr


def channel_sizes(arrays, preserved_dims):
    size_dict, coord_dict = {}, {}
    for dim in preserved_dims:
        for name, data_array in arrays.items():
            dim_size = data_array.sizes[dim]
            if dim not in size_dict:
                size_dict[dim] = dim_size
            if size_dict[dim] != dim_size:
                raise ValueError(f"sizes of {dim} differ in {name}")
            coord = data_array.coords[dim] if dim in data_array.coords else None
            if coord is not None and coord.dims == (dim,):
                if dim in coord_dict and not np.array_equal(coord_dict[dim], coord.values):
                    raise ValueError(f"coordinates of {dim} differ")
                coord_dict[dim] = coord.values
    return size_dict


def flatten(arrays, preserved_dims):
    sizes = channel_sizes(arrays, preserved_dims)
    flat = []
    for name, data_array in arrays.items():
        for dim in data_array.dims:
            if dim not in data_array.coords:
                logging.warning("no coordinates for dim %s of %s", dim, name)
        other = [d for d in data_array.dims if d not in preserved_dims]
        flat.append(data_array.transpose(*preserved_dims, *other).data.reshape(
            *[sizes[d] for d in preserved_dims], -1))
    return jnp.concatenate(flat, axis=-1)


def _flatten(data_array):
    coords = tuple((k, tuple(v.dims), v.values) for k, v in data_array.coords.items())
    return (data_array.data,), (data_array.dims, coords)


def _unflatten(aux, children):
    dims, coords = aux
    return xr.DataArray(children[0], dims=dims,
                        coords={k: (d, v) for k, d, v in coords}, fastpath=False)


# as xarray_jax does: the data is the leaf, dims and coordinates are aux data
jax.tree_util.register_pytree_node(xr.DataArray, _flatten, _unflatten)


@jax.jit
def layer(arrays):
    return flatten(arrays, ["lat"])


lat = np.linspace(-1.0, 1.0, 3)
arrays = {
    "a": xr.DataArray(jnp.ones((3, 2)), dims=("lat", "level"), coords={"lat": lat}),
    "b": xr.DataArray(jnp.ones(3), dims=("lat",), coords={"lat": lat}),
}
assert layer(arrays).shape == (3, 3)
