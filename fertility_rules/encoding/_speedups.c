/* The loops of the learning adapters, compiled: an optional accelerator of
   fertility_rules.encoding (the package builds it when a C compiler is there).

   Each function does what a pure-Python function of the package does, and the tests
   hold them to it move by move (tests/agents/test_speedups.py):

   - floats: Encoder.floats_reference, the sections of a table written into the
     encoder's buffer, those whose reads are the same objects copied from what was kept;
   - values: Encoder.values_reference, the same numbers as one list of Python floats,
     each section's list kept with its part;
   - legal: ActionSpace.legal_reference, the legal moves of a table by their action;
   - mask: ActionSpace.allowed, a bytearray with 1 at each action (the adapters' mask);
   - float_array: array('f', numbers), numbers made 32-bit floats without the array
     type's reading of each item through a format.

   Everything about a game stays in Python: the sections' reads and encoders and the
   action sections' offsets are the game's own functions, called from here, or the
   terms of a Numbering (mappings the game made), read here. Anything
   out of the ordinary (a move of a kind the space numbers through a parent class, an
   offset out of its section, a part of the wrong size) makes these functions return
   None, and the caller takes the pure-Python path, which says what is wrong. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <math.h>
#include <string.h>

/* Python floats 0.0 and 1.0 made once and shared by every list made here: most numbers
   of an observation are one of the two, and a list of shared numbers is made and freed
   without making or freeing a number. Each place k of a section's list takes the
   (k mod POOL)-th of a pool of them rather than one 0.0 for all: the processor counts
   the references to many objects side by side, but stalls on one counted over and over
   at unforeseeable places (a list of 2,800 numbers, most of them zeros, is made 2.6
   times as fast as from one shared 0.0). 256 of each are enough, and small enough to
   stay in the processor's nearest cache (a pool of 2,048 was no faster). */
#define POOL 256
static PyObject *zeros[POOL], *ones[POOL];

/* array.array, the type of the numbers kept. */
static PyObject *array_type;

/* part's numbers as a new list of Python floats (part.tolist() of a buffer of 32-bit
   floats, the zeros and ones shared); NULL without an error when part is no such
   buffer, NULL with one on error. */
static PyObject *
listed_numbers(PyObject *part)
{
    Py_buffer view;
    if (PyObject_GetBuffer(part, &view, PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        return NULL;
    }
    if (view.itemsize != 4 || view.format == NULL || strcmp(view.format, "f") != 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    Py_ssize_t n = view.len / 4;
    PyObject *numbers = PyList_New(n);
    if (numbers != NULL) {
        const float *items = (const float *)view.buf;
        for (Py_ssize_t k = 0; k < n; k++) {
            float value = items[k];
            PyObject *number;
            if (value == 0.0f && !signbit(value)) {
                number = Py_NewRef(zeros[k % POOL]);
            }
            else if (value == 1.0f) {
                number = Py_NewRef(ones[k % POOL]);
            }
            else if ((number = PyFloat_FromDouble((double)value)) == NULL) {
                Py_DECREF(numbers);
                numbers = NULL;
                break;
            }
            PyList_SET_ITEM(numbers, k, number);
        }
    }
    PyBuffer_Release(&view);
    return numbers;
}

/* The numbers of a list or a tuple of n items as array('f', numbers), a new reference
   (NULL with an error set on error). Python floats, whole numbers and booleans are
   rounded to 32-bit floats here as the array type rounds them, and the array made from
   their bytes: the array type itself reads its items one by one through a format
   string, which costs more than the rest of a small section's encoding. A part with any
   other item is left to the array type. */
static PyObject *
float_array(PyObject *part, Py_ssize_t n)
{
    PyObject **items = PySequence_Fast_ITEMS(part);
    PyObject *raw = PyBytes_FromStringAndSize(NULL, n * (Py_ssize_t)sizeof(float));
    if (raw == NULL) {
        return NULL;
    }
    float *out = (float *)PyBytes_AS_STRING(raw);
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *item = items[k];
        double value;
        if (PyFloat_CheckExact(item)) {
            value = PyFloat_AS_DOUBLE(item);
        }
        else if (PyLong_CheckExact(item) || PyBool_Check(item)) {
            value = PyLong_AsDouble(item);
            if (value == -1.0 && PyErr_Occurred()) { /* too large: the array type says so */
                PyErr_Clear();
                Py_DECREF(raw);
                return PyObject_CallFunction(array_type, "sO", "f", part);
            }
        }
        else {
            Py_DECREF(raw);
            return PyObject_CallFunction(array_type, "sO", "f", part);
        }
        out[k] = (float)value;
    }
    PyObject *made = PyObject_CallFunction(array_type, "sO", "f", raw);
    Py_DECREF(raw);
    return made;
}

/* list[i] = (first, second), the list's old item released; 0, or -1 on error. */
static int
keep_pair(PyObject *list, Py_ssize_t i, PyObject *first, PyObject *second)
{
    PyObject *pair = PyTuple_Pack(2, first, second);
    if (pair == NULL) {
        return -1;
    }
    PyList_SetItem(list, i, pair); /* steals the reference */
    return 0;
}

/* Whether what a section reads now is what it read when its numbers were kept: the
   same object, or tuples of the same objects. */
static int
same(PyObject *read, PyObject *kept)
{
    if (read == kept) {
        return 1;
    }
    if (!PyTuple_CheckExact(read) || !PyTuple_CheckExact(kept)) {
        return 0;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(read);
    if (n != PyTuple_GET_SIZE(kept)) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyTuple_GET_ITEM(read, i) != PyTuple_GET_ITEM(kept, i)) {
            return 0;
        }
    }
    return 1;
}

/* Copy the 32-bit floats of part into out[start:end]; 1 when done, 0 when part is not
   a buffer of that many 4-byte items (the caller falls back), -1 on error. */
static int
copy_part(Py_buffer *out, Py_ssize_t start, Py_ssize_t end, PyObject *part)
{
    Py_buffer view;
    if (PyObject_GetBuffer(part, &view, PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        return 0;
    }
    int fits = view.itemsize == 4 && view.format != NULL && strcmp(view.format, "f") == 0
               && view.len == (end - start) * 4 && end * 4 <= out->len && start >= 0;
    if (fits) {
        memcpy((char *)out->buf + start * 4, view.buf, (size_t)view.len);
    }
    PyBuffer_Release(&view);
    return fits;
}

/* The part of plan step i for table: what was kept while the section reads the same
   objects, else the section's encode(table), as an array of 32-bit floats (a list or a
   tuple of numbers is made into one), kept with the objects read. Sets *start and *end
   from the step. A new reference; NULL with an error set, or NULL without one when
   anything is out of the ordinary (the caller falls back to the reference, which says
   what is wrong). */
static PyObject *
step_part(PyObject *plan, PyObject *kept, Py_ssize_t i, PyObject *table, Py_ssize_t *start,
          Py_ssize_t *end)
{
    PyObject *step = PyTuple_GET_ITEM(plan, i);
    if (!PyTuple_CheckExact(step) || PyTuple_GET_SIZE(step) != 6) {
        return NULL;
    }
    PyObject *reads = PyTuple_GET_ITEM(step, 2);
    PyObject *encode = PyTuple_GET_ITEM(step, 5);
    *start = PyLong_AsSsize_t(PyTuple_GET_ITEM(step, 3));
    *end = PyLong_AsSsize_t(PyTuple_GET_ITEM(step, 4));
    if ((*start == -1 || *end == -1) && PyErr_Occurred()) {
        return NULL;
    }
    PyObject *objects;
    if (reads == Py_None) {
        objects = Py_NewRef(Py_None);
    }
    else {
        objects = PyObject_CallOneArg(reads, table);
        if (objects == NULL) {
            return NULL;
        }
        PyObject *known = PyList_GET_ITEM(kept, i);
        if (known != Py_None && PyTuple_CheckExact(known) && PyTuple_GET_SIZE(known) == 2
            && same(objects, PyTuple_GET_ITEM(known, 0))) {
            Py_DECREF(objects);
            return Py_NewRef(PyTuple_GET_ITEM(known, 1));
        }
    }
    PyObject *part = PyObject_CallOneArg(encode, table);
    if (part == NULL) {
        Py_DECREF(objects);
        return NULL;
    }
    Py_ssize_t size = *end - *start;
    if (Py_IS_TYPE(part, (PyTypeObject *)array_type)) {
        if (PyObject_Length(part) != size) {
            goto fall_back;
        }
    }
    else if ((PyList_CheckExact(part) && PyList_GET_SIZE(part) == size)
             || (PyTuple_CheckExact(part) && PyTuple_GET_SIZE(part) == size)) {
        PyObject *made = float_array(part, size);
        Py_DECREF(part);
        if (made == NULL) {
            PyErr_Clear();
            Py_DECREF(objects);
            return NULL;
        }
        part = made;
    }
    else {
        goto fall_back;
    }
    int done = keep_pair(kept, i, objects, part);
    Py_DECREF(objects);
    if (done < 0) {
        Py_DECREF(part);
        return NULL;
    }
    return part;

fall_back:
    Py_DECREF(part);
    Py_DECREF(objects);
    return NULL;
}

/* floats(plan, kept, written, buffer, table) -> True, or None to fall back.
   plan: tuple of (index, section, reads, start, end, encode); kept, written: the
   encoder's lists. */
static PyObject *
floats(PyObject *self, PyObject *args)
{
    PyObject *plan, *kept, *written, *buffer, *table;
    if (!PyArg_ParseTuple(args, "O!O!O!OO", &PyTuple_Type, &plan, &PyList_Type, &kept,
                          &PyList_Type, &written, &buffer, &table)) {
        return NULL;
    }
    Py_buffer out;
    if (PyObject_GetBuffer(buffer, &out, PyBUF_WRITABLE) < 0) {
        return NULL;
    }
    Py_ssize_t steps = PyTuple_GET_SIZE(plan);
    if (PyList_GET_SIZE(kept) < steps || PyList_GET_SIZE(written) < steps) {
        PyBuffer_Release(&out);
        Py_RETURN_NONE;
    }
    for (Py_ssize_t i = 0; i < steps; i++) {
        Py_ssize_t start, end;
        PyObject *part = step_part(plan, kept, i, table, &start, &end);
        if (part == NULL) {
            PyBuffer_Release(&out);
            if (PyErr_Occurred()) {
                return NULL;
            }
            Py_RETURN_NONE;
        }
        if (PyList_GET_ITEM(written, i) == part) {
            Py_DECREF(part);
            continue;
        }
        int done = copy_part(&out, start, end, part);
        if (done <= 0) {
            Py_DECREF(part);
            PyBuffer_Release(&out);
            if (done < 0) {
                return NULL;
            }
            Py_RETURN_NONE;
        }
        PyList_SetItem(written, i, part); /* steals the reference */
    }
    PyBuffer_Release(&out);
    Py_RETURN_TRUE;
}

/* values(plan, kept, listed, table, size, tail) -> a new list of size Python floats and
   tail zeros, or None to fall back. listed: the encoder's (part, its list) of each
   section, made again when the part is another object. */
static PyObject *
values(PyObject *self, PyObject *args)
{
    PyObject *plan, *kept, *listed, *table;
    Py_ssize_t size, tail;
    if (!PyArg_ParseTuple(args, "O!O!O!Onn", &PyTuple_Type, &plan, &PyList_Type, &kept,
                          &PyList_Type, &listed, &table, &size, &tail)) {
        return NULL;
    }
    Py_ssize_t steps = PyTuple_GET_SIZE(plan);
    if (size < 0 || tail < 0 || tail > PY_SSIZE_T_MAX / 2 - size
        || PyList_GET_SIZE(kept) < steps || PyList_GET_SIZE(listed) < steps) {
        Py_RETURN_NONE;
    }
    PyObject *lists = PyTuple_New(steps); /* holds each section's list while filling */
    if (lists == NULL) {
        return NULL;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t i = 0; i < steps; i++) {
        Py_ssize_t start, end;
        PyObject *part = step_part(plan, kept, i, table, &start, &end);
        if (part == NULL) {
            goto fail;
        }
        PyObject *known = PyList_GET_ITEM(listed, i);
        PyObject *numbers;
        if (PyTuple_CheckExact(known) && PyTuple_GET_SIZE(known) == 2
            && PyTuple_GET_ITEM(known, 0) == part && PyList_CheckExact(PyTuple_GET_ITEM(known, 1))) {
            numbers = Py_NewRef(PyTuple_GET_ITEM(known, 1));
            Py_DECREF(part);
        }
        else {
            numbers = listed_numbers(part);
            if (numbers == NULL) {
                Py_DECREF(part);
                goto fail;
            }
            int done = keep_pair(listed, i, part, numbers);
            Py_DECREF(part);
            if (done < 0) {
                Py_DECREF(numbers);
                goto fail;
            }
        }
        if (PyList_GET_SIZE(numbers) != end - start) {
            Py_DECREF(numbers);
            goto fail;
        }
        total += PyList_GET_SIZE(numbers);
        PyTuple_SET_ITEM(lists, i, numbers);
    }
    if (total != size) {
        goto fail;
    }
    PyObject *found = PyList_New(size + tail);
    if (found == NULL) {
        Py_DECREF(lists);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < tail; k++) {
        PyList_SET_ITEM(found, size + k, Py_NewRef(zeros[k % POOL]));
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < steps; i++) {
        PyObject *numbers = PyTuple_GET_ITEM(lists, i);
        Py_ssize_t n = PyList_GET_SIZE(numbers);
        PyObject **items = ((PyListObject *)numbers)->ob_item;
        for (Py_ssize_t k = 0; k < n; k++) {
            PyList_SET_ITEM(found, at + k, Py_NewRef(items[k]));
        }
        at += n;
    }
    Py_DECREF(lists);
    return found;

fail:
    Py_DECREF(lists);
    if (PyErr_Occurred()) {
        return NULL;
    }
    Py_RETURN_NONE;
}

/* The most attributes a term reads. */
#define MAX_NAMES 8

/* The offset of attribute name in the instances of type when they keep it in a slot
   that the generic attribute lookup reads (an attrs class with slots), or -1. */
static Py_ssize_t
slot_of(PyTypeObject *type, PyObject *name)
{
    if (type->tp_getattro != PyObject_GenericGetAttr || !PyUnicode_CheckExact(name)) {
        return -1;
    }
    PyObject *found = _PyType_Lookup(type, name);
    if (found == NULL || !Py_IS_TYPE(found, &PyMemberDescr_Type)) {
        return -1;
    }
    PyMemberDef *member = ((PyMemberDescrObject *)found)->d_member;
    return member->type == T_OBJECT_EX ? member->offset : -1;
}

/* move.name, read from its slot when slot is not -1: a new reference, or NULL with an
   error. */
static PyObject *
attribute(PyObject *move, PyObject *name, Py_ssize_t slot)
{
    if (slot >= 0) {
        PyObject *value = *(PyObject **)((char *)move + slot);
        if (value != NULL) {
            return Py_NewRef(value);
        }
    }
    return PyObject_GetAttr(move, name);
}

/* The offsets of moves[0..n) by a section's terms (Numbering.compiled: the plain terms
   and the tables function), into out: 1 when done, 0 to fall back (anything out of the
   ordinary, a key missing: the pure-Python path says what is wrong), -1 on an error of
   the tables function. */
static int
numbered(PyObject *numbering, PyObject *const *moves, Py_ssize_t n, PyObject *table,
         Py_ssize_t *out)
{
    if (!PyTuple_Check(numbering) || PyTuple_GET_SIZE(numbering) != 2 ||
        !PyTuple_Check(PyTuple_GET_ITEM(numbering, 0))) {
        return 0;
    }
    PyObject *terms = PyTuple_GET_ITEM(numbering, 0);
    PyObject *tables = PyTuple_GET_ITEM(numbering, 1);
    PyObject *given = NULL;
    if (tables != Py_None) {
        given = PyObject_CallOneArg(tables, table);
        if (given == NULL) {
            return -1;
        }
        if (!PyTuple_Check(given)) {
            Py_DECREF(given);
            return 0;
        }
    }
    int done = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        out[k] = 0;
    }
    for (Py_ssize_t t = 0; t < PyTuple_GET_SIZE(terms); t++) {
        PyObject *term = PyTuple_GET_ITEM(terms, t);
        if (!PyTuple_Check(term) || PyTuple_GET_SIZE(term) != 2) {
            goto finish;
        }
        PyObject *names = PyTuple_GET_ITEM(term, 0);
        PyObject *mapping = PyTuple_GET_ITEM(term, 1);
        if (PyLong_CheckExact(mapping)) {
            Py_ssize_t which = PyLong_AsSsize_t(mapping);
            if (given == NULL || which < 0 || which >= PyTuple_GET_SIZE(given)) {
                PyErr_Clear();
                goto finish;
            }
            mapping = PyTuple_GET_ITEM(given, which);
        }
        if (!PyTuple_Check(names)) {
            goto finish;
        }
        Py_ssize_t count = PyTuple_GET_SIZE(names);
        if (count < 1 || count > MAX_NAMES) {
            goto finish;
        }
        /* Where each attribute lies in the run's moves (all of one type), when the type
           keeps it in a slot read by the generic attribute lookup. */
        Py_ssize_t slots[MAX_NAMES];
        for (Py_ssize_t i = 0; i < count; i++) {
            slots[i] = slot_of(Py_TYPE(moves[0]), PyTuple_GET_ITEM(names, i));
        }
        for (Py_ssize_t k = 0; k < n; k++) {
            /* one look-up an attribute: several attributes' mapping is nested */
            PyObject *part = mapping;
            for (Py_ssize_t i = 0; i < count; i++) {
                PyObject *key = attribute(moves[k], PyTuple_GET_ITEM(names, i), slots[i]);
                if (key == NULL || !PyDict_CheckExact(part)) {
                    Py_XDECREF(key);
                    PyErr_Clear();
                    goto finish;
                }
                part = PyDict_GetItemWithError(part, key);
                Py_DECREF(key);
                if (part == NULL) {
                    PyErr_Clear();
                    goto finish;
                }
            }
            Py_ssize_t number = PyLong_AsSsize_t(part);
            if (number == -1 && PyErr_Occurred()) {
                PyErr_Clear();
                goto finish;
            }
            out[k] += number;
        }
    }
    done = 1;
finish:
    Py_XDECREF(given);
    return done;
}

/* legal(by_kind, moves, table) -> {action: move}, or None to fall back.
   by_kind: {kind: (start, size, offsets[, terms])}; moves come a run of one kind at a
   time and offsets(run, table) numbers a run within its section, or the terms of a
   Numbering (None when there are none) number it here. */
static PyObject *
legal(PyObject *self, PyObject *args)
{
    PyObject *by_kind, *moves, *table;
    if (!PyArg_ParseTuple(args, "OOO", &by_kind, &moves, &table)) {
        return NULL;
    }
    PyObject *seq = PySequence_Fast(moves, "the legal moves are a sequence");
    if (seq == NULL) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    PyObject *found = PyDict_New();
    Py_ssize_t *numbers = PyMem_New(Py_ssize_t, count > 0 ? count : 1);
    if (found == NULL || numbers == NULL) {
        Py_XDECREF(found);
        PyMem_Free(numbers);
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    Py_ssize_t at = 0;
    while (at < count) {
        PyTypeObject *kind = Py_TYPE(items[at]);
        Py_ssize_t end = at + 1;
        while (end < count && Py_TYPE(items[end]) == kind) {
            end++;
        }
        PyObject *section = PyObject_GetItem(by_kind, (PyObject *)kind);
        if (section == NULL) {
            PyErr_Clear();
            goto fall_back;
        }
        Py_ssize_t parts = PyTuple_Check(section) ? PyTuple_GET_SIZE(section) : 0;
        if (parts != 3 && parts != 4) {
            Py_DECREF(section);
            goto fall_back;
        }
        Py_ssize_t first = PyLong_AsSsize_t(PyTuple_GET_ITEM(section, 0));
        Py_ssize_t size = PyLong_AsSsize_t(PyTuple_GET_ITEM(section, 1));
        if ((first == -1 || size == -1) && PyErr_Occurred()) {
            Py_DECREF(section);
            goto error;
        }
        int by_terms = 0;
        if (parts == 4 && PyTuple_GET_ITEM(section, 3) != Py_None) {
            by_terms = numbered(PyTuple_GET_ITEM(section, 3), items + at, end - at, table,
                                numbers);
            if (by_terms < 0) {
                Py_DECREF(section);
                goto error;
            }
        }
        if (!by_terms) {
            PyObject *run = PyList_New(end - at);
            if (run == NULL) {
                Py_DECREF(section);
                goto error;
            }
            for (Py_ssize_t k = at; k < end; k++) {
                PyList_SET_ITEM(run, k - at, Py_NewRef(items[k]));
            }
            PyObject *listed =
                PyObject_CallFunctionObjArgs(PyTuple_GET_ITEM(section, 2), run, table, NULL);
            Py_DECREF(run);
            if (listed == NULL) {
                Py_DECREF(section);
                goto error;
            }
            PyObject *nseq = PySequence_Fast(listed, "offsets are a sequence");
            Py_DECREF(listed);
            if (nseq == NULL) {
                Py_DECREF(section);
                goto error;
            }
            if (PySequence_Fast_GET_SIZE(nseq) != end - at) {
                Py_DECREF(nseq);
                Py_DECREF(section);
                goto fall_back;
            }
            PyObject **offsets = PySequence_Fast_ITEMS(nseq);
            for (Py_ssize_t k = 0; k < end - at; k++) {
                numbers[k] = PyLong_AsSsize_t(offsets[k]);
                if (numbers[k] == -1 && PyErr_Occurred()) {
                    PyErr_Clear();
                    Py_DECREF(nseq);
                    Py_DECREF(section);
                    goto fall_back;
                }
            }
            Py_DECREF(nseq);
        }
        Py_DECREF(section);
        for (Py_ssize_t k = 0; k < end - at; k++) {
            if (numbers[k] < 0 || numbers[k] >= size) {
                goto fall_back;
            }
            PyObject *action = PyLong_FromSsize_t(first + numbers[k]);
            if (action == NULL || PyDict_SetItem(found, action, items[at + k]) < 0) {
                Py_XDECREF(action);
                goto error;
            }
            Py_DECREF(action);
        }
        at = end;
    }
    PyMem_Free(numbers);
    Py_DECREF(seq);
    return found;

fall_back:
    PyMem_Free(numbers);
    Py_DECREF(seq);
    Py_DECREF(found);
    Py_RETURN_NONE;
error:
    PyMem_Free(numbers);
    Py_DECREF(seq);
    Py_DECREF(found);
    return NULL;
}

/* mask(actions, size) -> bytearray of size, 1 at each action (all within 0..size-1),
   or None to fall back. */
static PyObject *
mask(PyObject *self, PyObject *args)
{
    PyObject *actions;
    Py_ssize_t size;
    if (!PyArg_ParseTuple(args, "On", &actions, &size)) {
        return NULL;
    }
    if (size < 0) {
        Py_RETURN_NONE;
    }
    PyObject *allowed = PyByteArray_FromStringAndSize(NULL, size);
    if (allowed == NULL) {
        return NULL;
    }
    char *bytes = PyByteArray_AS_STRING(allowed);
    memset(bytes, 0, (size_t)size);
    PyObject *iterator = PyObject_GetIter(actions);
    if (iterator == NULL) {
        Py_DECREF(allowed);
        return NULL;
    }
    PyObject *item;
    while ((item = PyIter_Next(iterator)) != NULL) {
        Py_ssize_t action = PyLong_AsSsize_t(item);
        Py_DECREF(item);
        if (action < 0 || action >= size) {
            PyErr_Clear();
            Py_DECREF(iterator);
            Py_DECREF(allowed);
            Py_RETURN_NONE;
        }
        bytes[action] = 1;
    }
    Py_DECREF(iterator);
    if (PyErr_Occurred()) {
        Py_DECREF(allowed);
        return NULL;
    }
    return allowed;
}

/* float_array(numbers) -> array('f', numbers), numbers a list or a tuple made into
   32-bit floats here (float_array above); anything else is left to the array type. */
static PyObject *
float_array_function(PyObject *self, PyObject *numbers)
{
    if (PyList_CheckExact(numbers) || PyTuple_CheckExact(numbers)) {
        return float_array(numbers, PySequence_Fast_GET_SIZE(numbers));
    }
    return PyObject_CallFunction(array_type, "sO", "f", numbers);
}

static PyMethodDef methods[] = {
    {"float_array", float_array_function, METH_O, "array('f', numbers), made faster."},
    {"floats", floats, METH_VARARGS, "An encoder's floats, written into its buffer."},
    {"values", values, METH_VARARGS, "An encoder's numbers, as a new list."},
    {"legal", legal, METH_VARARGS, "The legal moves of a table by their action."},
    {"mask", mask, METH_VARARGS, "A bytearray with 1 at each action."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_speedups",
    "The adapters' loops, compiled (see fertility_rules.encoding.speedups).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    for (int k = 0; k < POOL; k++) {
        if (zeros[k] == NULL && (zeros[k] = PyFloat_FromDouble(0.0)) == NULL) {
            return NULL;
        }
        if (ones[k] == NULL && (ones[k] = PyFloat_FromDouble(1.0)) == NULL) {
            return NULL;
        }
    }
    if (array_type == NULL) {
        PyObject *arrays = PyImport_ImportModule("array");
        if (arrays == NULL) {
            return NULL;
        }
        array_type = PyObject_GetAttrString(arrays, "array");
        Py_DECREF(arrays);
        if (array_type == NULL) {
            return NULL;
        }
    }
    return PyModule_Create(&module);
}
