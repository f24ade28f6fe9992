/* The game's chance in C: seeding a random.Random, and random.shuffle's draws from it.

   Every game seeds its own generator and shuffles a deck. A Fisher-Yates shuffle of a
   108-card deck is 107 draws; in Python, even compiled by mypyc, each draw is a call through
   Python's protocol into the generator (callgrind: about 40,000 instructions a deck, a tenth
   of a game; here about 4,500 besides the generator's own making of its words).
   Here each draw is the Mersenne Twister's next word, read from the generator's state in
   place: the same words, in the same order, as `random.shuffle` takes through
   `getrandbits`. Seeding is `Random.seed(n)` for an int n, with the generator's fixed start
   (init_genrand(19650218)) made once a process instead of once a seed. So seeded games do
   not change.

   The generator's state is not public API: this declares `_randommodule.c`'s layout (the
   same from CPython 3.0 to 3.14) and refuses to load where `_random.Random` is not that size;
   interpreter/dealing.py then checks both functions against the generator's own before
   using them, and without this module (pure Python, no compiler) seeds and shuffles through
   the generator's methods. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define N 624
#define M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER_MASK 0x80000000U
#define LOWER_MASK 0x7fffffffU

typedef struct {
    PyObject_HEAD
    int index;
    uint32_t state[N];
} RandomObject;

static PyTypeObject *generator_type;  /* _random.Random, the base of random.Random */

/* The generator's next 32-bit word, as _randommodule.c's genrand_uint32 makes it. */
static uint32_t
next_word(RandomObject *self)
{
    static const uint32_t mag01[2] = {0x0U, MATRIX_A};
    uint32_t *mt = self->state;
    uint32_t y;
    if (self->index >= N) {  /* all N words used: make the next N */
        int kk;
        for (kk = 0; kk < N - M; kk++) {
            y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
            mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < N - 1; kk++) {
            y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
            mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
        mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        self->index = 0;
    }
    y = mt[self->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* How many bits `n` needs (n.bit_length()), for 0 < n < 2**32. */
static int
bit_length(uint32_t n)
{
#if defined(__GNUC__) || defined(__clang__)
    return 32 - __builtin_clz(n);  /* one instruction, against a loop of up to 32 steps */
#else
    int bits = 0;
    while (n) {
        bits++;
        n >>= 1;
    }
    return bits;
#endif
}

/* The generator a call was given first, after checking the call's argument count; NULL,
   with a TypeError set, when either is wrong. */
static RandomObject *
generator_argument(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t expected,
                   const char *call)
{
    if (nargs != expected) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd arguments", call, expected);
        return NULL;
    }
    if (!PyObject_TypeCheck(args[0], generator_type)) {
        PyErr_Format(PyExc_TypeError, "%s: rng must be a random.Random", call);
        return NULL;
    }
    return (RandomObject *)args[0];
}

/* init_genrand(19650218): where init_by_array starts, whatever the seed. */
static uint32_t seed_start[N];

PyDoc_STRVAR(seed_doc,
"seed(rng, n) -> bool\n--\n\n"
"Seed the random.Random `rng` as rng.seed(n) seeds it, for an int n of 64 bits or fewer (its\n"
"absolute value); False, and nothing done, for any other n.");

static PyObject *
seed(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    RandomObject *rng = generator_argument(args, nargs, 2, "seed(rng, n)");
    if (rng == NULL) {
        return NULL;
    }
    if (!PyLong_CheckExact(args[1])) {
        Py_RETURN_FALSE;
    }
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(args[1], &overflow);
    if (overflow) {
        Py_RETURN_FALSE;
    }
    if (value == -1 && PyErr_Occurred()) {
        return NULL;
    }
    /* random_seed's key: the absolute value's 32-bit words, lowest first (at least one) */
    unsigned long long size = value < 0 ? 0ULL - (unsigned long long)value
                                        : (unsigned long long)value;
    uint32_t key[2] = {(uint32_t)size, (uint32_t)(size >> 32)};
    /* init_by_array(key, 1 or 2 words), as _randommodule.c has it, with its loops' index
       tests unrolled: step t of the first loop adds key[t % length] + t % length */
    uint32_t added[2] = {key[0], key[1] ? key[1] + 1 : key[0]};
    uint32_t *mt = rng->state;
    memcpy(mt, seed_start, sizeof(seed_start));
    int i;
    for (i = 1; i < N; i++) {  /* steps 0 .. N - 2 */
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + added[(i - 1) & 1];
    }
    mt[0] = mt[N - 1];  /* step N - 1, at i = 1 again */
    mt[1] = (mt[1] ^ ((mt[0] ^ (mt[0] >> 30)) * 1664525U)) + added[(N - 1) & 1];
    for (i = 2; i < N; i++) {  /* the second loop's N - 1 steps, from i = 2 */
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
    }
    mt[0] = mt[N - 1];
    mt[1] = (mt[1] ^ ((mt[0] ^ (mt[0] >> 30)) * 1566083941U)) - 1U;
    mt[0] = 0x80000000U;  /* MSB is 1, assuring a non-zero initial array */
    rng->index = N;
    Py_RETURN_TRUE;
}

PyDoc_STRVAR(shuffle_doc,
"shuffle(rng, items, count)\n--\n\n"
"Shuffle the list `items` in place as rng.shuffle(items) would; with count >= 0, draw only\n"
"the top `count` places (the last ones), as chance.shuffle does.");

static PyObject *
shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    RandomObject *rng = generator_argument(args, nargs, 3, "shuffle(rng, items, count)");
    if (rng == NULL) {
        return NULL;
    }
    if (!PyList_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "shuffle: items must be a list");
        return NULL;
    }
    Py_ssize_t count = PyLong_AsSsize_t(args[2]);
    if (count == -1 && PyErr_Occurred()) {
        return NULL;
    }
    PyObject **cells = ((PyListObject *)args[1])->ob_item;
    Py_ssize_t last = PyList_GET_SIZE(args[1]) - 1;
    if (last >= (Py_ssize_t)UINT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "shuffle: too many items");
        return NULL;
    }
    Py_ssize_t stop = count < 0 || count > last ? 0 : last - count;
    /* Place i takes the item at a uniform j <= i: getrandbits(size.bit_length()), again
       while too large, as random.py's _randbelow_with_getrandbits draws it. */
    for (Py_ssize_t i = last; i > stop; i--) {
        uint32_t size = (uint32_t)i + 1;
        int shift = 32 - bit_length(size);
        uint32_t j;
        do {
            j = next_word(rng) >> shift;
        } while (j >= size);
        PyObject *held = cells[i];
        cells[i] = cells[j];
        cells[j] = held;
    }
    Py_RETURN_NONE;
}

static PyMethodDef chance_methods[] = {
    {"seed", (PyCFunction)(void (*)(void))seed, METH_FASTCALL, seed_doc},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL, shuffle_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef chance_module = {
    PyModuleDef_HEAD_INIT, "_chance",
    "Seeding a random.Random, and shuffling with its draws as random.shuffle does, in C.", -1,
    chance_methods,
};

PyMODINIT_FUNC
PyInit__chance(void)
{
    PyObject *random_module = PyImport_ImportModule("_random");
    if (random_module == NULL) {
        return NULL;
    }
    PyObject *found = PyObject_GetAttrString(random_module, "Random");
    Py_DECREF(random_module);
    if (found == NULL) {
        return NULL;
    }
    if (!PyType_Check(found)
            || ((PyTypeObject *)found)->tp_basicsize != (Py_ssize_t)sizeof(RandomObject)) {
        Py_DECREF(found);
        PyErr_SetString(PyExc_ImportError,
                        "_chance: _random.Random is not the generator this was written for");
        return NULL;
    }
    generator_type = (PyTypeObject *)found;  /* kept for the module's life */
    seed_start[0] = 19650218U;
    for (uint32_t at = 1; at < N; at++) {
        seed_start[at] = 1812433253U * (seed_start[at - 1] ^ (seed_start[at - 1] >> 30)) + at;
    }
    return PyModule_Create(&chance_module);
}
