"""A field built from an init function and a key (jaxdf's Continuous.from_function)."""


class Continuous:
    def __init__(self, params, get_fun):
        self.params = params
        self.get_fun = get_fun

    @classmethod
    def from_function(cls, init_fun, get_field, seed):
        params = init_fun(seed)
        return cls(params, get_field)

    def __call__(self, x):
        return self.get_fun(self.params, x)

