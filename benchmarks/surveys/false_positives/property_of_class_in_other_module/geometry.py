"""A point cloud pytree whose properties read only static data (shapes, aux fields)."""
import jax


@jax.tree_util.register_pytree_node_class
class PointCloud:
    def __init__(self, x, batch_size=None):
        self.x = x
        self.batch_size = batch_size

    @property
    def is_online(self):
        return self.batch_size is not None

    @property
    def cost_rank(self):
        return self.x.shape[1]

    @property
    def is_squared_euclidean(self):
        return True

    def tree_flatten(self):
        return (self.x,), {"batch_size": self.batch_size}

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children, **aux_data)
