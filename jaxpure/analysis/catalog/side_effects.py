"""What Python, NumPy and library calls do besides computing a value: logging, clocks,
entropy, file I/O, and the methods that change a container in place. Tables only.
"""

from __future__ import annotations

import re

# logging: the methods that log, and the names a logger object usually has
LOG_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log",
     "vlog"})
LOGGER_NAMES = frozenset({"logger", "log", "_logger", "_log", "LOGGER", "LOG", "_LOGGER"})

# methods that change a container in place (and those that remove from it)
MUTATING_METHODS = frozenset(
    {
        "append", "extend", "insert", "pop", "popitem", "remove", "clear", "update",
        "setdefault", "add", "discard", "sort", "reverse", "__setitem__", "fill", "put",
        "resize", "itemset", "appendleft", "extendleft", "popleft", "difference_update",
        "intersection_update", "symmetric_difference_update",
    }
)
SHRINKING_METHODS = frozenset({"pop", "popitem", "remove", "clear", "discard", "popleft",
                               "difference_update", "intersection_update",
                               "symmetric_difference_update"})

LOGGER_FACTORIES = frozenset(
    {"logging.getLogger", "absl.logging.get_absl_logger", "structlog.get_logger",
     "loguru.logger.bind"}
)
LOGGING_MODULES = ("logging.", "absl.logging.", "loguru.logger.")

CLOCK_CALLS = frozenset(
    {"datetime.datetime.now", "datetime.datetime.utcnow", "datetime.datetime.today",
     "datetime.date.today"}
)
ENTROPY_CALLS = frozenset({"uuid.uuid1", "uuid.uuid4", "uuid.getnode", "os.urandom", "os.getrandom"})
# seeded generator constructors: deterministic, so a trace-time constant is what was asked
SEEDED_CONSTRUCTORS = frozenset(
    {"numpy.random.default_rng", "numpy.random.RandomState", "numpy.random.Generator",
     "numpy.random.PCG64", "numpy.random.SeedSequence", "numpy.random.Philox",
     "numpy.random.MT19937", "random.Random"}
)
# methods of numpy.random.Generator / RandomState and random.Random that draw numbers
GENERATOR_DRAWS = frozenset(
    {"uniform", "normal", "integers", "random", "choice", "shuffle", "permutation",
     "permuted", "standard_normal", "randint", "rand", "randn", "random_sample", "sample",
     "gauss", "beta", "binomial", "poisson", "exponential", "gamma", "laplace", "lognormal",
     "multinomial", "multivariate_normal", "dirichlet", "bytes", "triangular", "randrange",
     "getrandbits", "normalvariate", "bernoulli", "logistic", "geometric"}
)
IO_CALLS = frozenset(
    {"builtins.open", "builtins.input", "io.open", "os.remove", "os.unlink", "os.rename",
     "os.replace", "os.makedirs", "os.mkdir", "os.system", "json.dump", "json.load",
     "pickle.dump", "pickle.load", "numpy.save", "numpy.savez", "numpy.savez_compressed",
     "numpy.savetxt", "numpy.load", "numpy.loadtxt", "shutil.copy", "shutil.copyfile",
     "shutil.move", "shutil.rmtree", "sys.stdout.write", "sys.stderr.write",
     "wandb.log", "mlflow.log_metric", "mlflow.log_metrics"}
)

# A message that is about tracing itself: the retrace-logging idiom (`print("compiling")`).
TRACE_MESSAGE = re.compile(
    r"(?i)\b(?:re-?)?(?:trac(?:e|ed|es|ing)|compil\w*)\b|\bjit(?:ted|ting|s)?\b|\bjax\.jit\b"
)

# warnings about the code rather than the call: shown once is what they are for
DEPRECATION_CATEGORIES = frozenset({"DeprecationWarning", "PendingDeprecationWarning",
                                    "FutureWarning"})

# calls that build text from their arguments, and the string methods that do: text built
# from static values by them is static (a message complete at trace time)
# functions that build text from text (or from any value's str): their result is as static
# as their arguments
TEXT_BUILTINS = frozenset({"builtins.str", "builtins.repr", "builtins.format",
                           "textwrap.dedent", "textwrap.indent", "textwrap.fill",
                           "textwrap.shorten"})
STR_METHODS = frozenset(
    {"replace", "format", "join", "upper", "lower", "title", "capitalize", "strip", "lstrip",
     "rstrip", "split", "rsplit", "removeprefix", "removesuffix", "ljust", "rjust", "center",
     "zfill"})

# methods that store their arguments into the receiver, on any object (list/deque/dict)
STORING_METHODS = frozenset({"append", "extend", "insert", "appendleft", "extendleft", "setdefault"})
# generic names that mutate a Python container but mean other things elsewhere
# (`optax` transformations have a pure `update`): only on a name bound to a container
CONTAINER_METHODS = frozenset(
    {"update", "add", "pop", "popitem", "remove", "clear", "discard", "sort", "reverse",
     "popleft", "difference_update", "intersection_update", "symmetric_difference_update",
     "__setitem__", "__delitem__"}
)
NUMPY_METHODS = frozenset({"fill", "put", "resize", "itemset", "sort"})

# container mutators that return None: nobody uses their result
NONE_RETURNING = frozenset(
    {"append", "extend", "insert", "remove", "clear", "update", "add", "discard", "sort",
     "reverse", "appendleft", "extendleft", "difference_update", "intersection_update",
     "symmetric_difference_update"})

# mutable references: writes through them reach the caller under jit by design
REF_CONSTRUCTORS = frozenset({"jax.new_ref", "jax.array_ref", "jax.experimental.mutable_array",
                              "jax.ref.new_ref"})
# flax nnx Variables become references with `hijax=True`, or under these switches
HIJAX_SWITCHES = frozenset({"flax.nnx.var_defaults", "flax.nnx.use_hijax"})
VARIABLE_TYPES = frozenset({"flax.nnx.Variable", "flax.nnx.Param", "flax.nnx.BatchStat",
                            "flax.nnx.Cache", "flax.nnx.Intermediate"})

# Host callbacks: the function they are given runs on the host each time the compiled code
# reaches the call (`io_callback(_init, shape)`), not while the caller is traced
HOST_CALLBACKS = frozenset({"jax.experimental.io_callback", "jax.pure_callback",
                            "jax.debug.callback", "jax.experimental.host_callback.call",
                            "jax.experimental.host_callback.id_tap"})
