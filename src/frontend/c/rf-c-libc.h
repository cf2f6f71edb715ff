/* rf-c-libc: the one table of the C library and pthread functions racefree knows
 * (private to the C front end).
 *
 * Each known function has one row: its effect (what a call does through its arguments,
 * or which synchronisation it is, as the lowering models it), what its result and the
 * pointers it stores point to (for the points-to analysis), the hidden library state it
 * reads or writes besides its arguments (rand's seed, localtime's static buffer, the
 * environment, stdio's streams: one named object per family of functions sharing it),
 * and flags: whether it is never a cancellation point, whether it only calls its
 * function arguments back before it returns, and whether POSIX allows it not to be
 * thread-safe. The lowering, its pre-passes and the points-to analysis all read this
 * table and nothing else, and the manual's table of modelled functions is printed from
 * it (rf_c_libc_to_markdown).
 *
 * A call is looked up by the name it is written with; a name that is not in the table
 * may still be known: `__builtin_NAME` and the fortified `__builtin___NAME_chk` are
 * NAME (other builtins, fortified or not, read and write what their pointer arguments
 * point to; those that only compute are rows), and the atomic
 * builtins (`atomic_*`, `__atomic_*`, `__sync_*`) read and write their first argument
 * atomically. Every other function without a body is code racefree cannot see. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* RfCLibcEffect: what the lowering makes of a call (arguments are evaluated first
 * unless said otherwise; "reads through" an argument accesses what it points to). */
typedef enum {
  /* memory */
  RF_C_LIBC_UNMODELLED,   /* in the table for its flags or pointers only: the lowering
                           * takes it as code without a body */
  RF_C_LIBC_PURE,         /* no memory effect beyond evaluating its arguments */
  RF_C_LIBC_READS,        /* reads through every pointer argument */
  RF_C_LIBC_READS_WRITES, /* reads and writes through every pointer argument (a
                           * compiler builtin the table does not know) */
  RF_C_LIBC_WRITE0,       /* writes through argument 1, reads through the others */
  RF_C_LIBC_WRITE0_ONLY,  /* writes through argument 1 only (memset) */
  RF_C_LIBC_WRITE1,       /* writes through argument 2, reads through the others */
  RF_C_LIBC_STRTOK,       /* strtok_r: writes through 1 and through its result (the
                           * string the saved pointer points into), reads 2, reads and
                           * writes 3 */
  RF_C_LIBC_SCANF,        /* reads the format, writes through every later pointer */
  RF_C_LIBC_SSCANF,       /* reads arguments 1 and 2, writes through every later pointer */
  RF_C_LIBC_SORT,         /* qsort: reads and writes the array, calls the comparator back */
  RF_C_LIBC_SEARCH,       /* bsearch, ftw: reads its pointer arguments, calls its function
                           * arguments back */
  RF_C_LIBC_ALLOC,        /* a new object of the call's allocation site */
  RF_C_LIBC_REALLOC,      /* reads and writes through argument 1 (its object may move) */
  RF_C_LIBC_FREE,         /* writes through argument 1 */
  /* control */
  RF_C_LIBC_EXIT,         /* the thread ends (exit, abort, pthread_exit, assert) */
  RF_C_LIBC_SETJMP,       /* setjmp: returns, and again (not 0) after a longjmp to it */
  RF_C_LIBC_LONGJMP,      /* longjmp: jumps back to a setjmp of the thread */
  RF_C_LIBC_CLEANUP_PUSH, /* pthread_cleanup_push's registration (glibc's
                           * __pthread_register_cancel): cancellation unwinds to the
                           * setjmp just before it */
  RF_C_LIBC_CLEANUP_POP,  /* its end (__pthread_unregister_cancel) */
  RF_C_LIBC_UNWIND,       /* __pthread_unwind_next: unwinding goes on to the next handler */
  RF_C_LIBC_AT_EXIT,      /* atexit: the handler runs once, in a thread of its own */
  RF_C_LIBC_SIGNAL_HANDLER, /* signal: the handler runs at any time, in a thread of its own */
  RF_C_LIBC_SIGACTION,    /* sigaction: likewise, for any function that may be the handler */
  /* threads */
  RF_C_LIBC_CREATE,       /* pthread_create: a thread of the start routine's job type */
  RF_C_LIBC_JOIN,         /* pthread_join: waits for a thread created with the handle */
  RF_C_LIBC_KEY_CREATE,   /* pthread_key_create: the destructor runs in a thread of its own */
  RF_C_LIBC_ONCE,         /* pthread_once: the init routine runs in the first caller */
  RF_C_LIBC_DETACH,       /* pthread_detach: the thread is detached (no memory effect) */
  RF_C_LIBC_DETACH_STATE, /* pthread_attr_setdetachstate: threads created with the attribute
                           * may be detached (no memory effect) */
  /* synchronisation */
  RF_C_LIBC_LOCK,         /* takes a mutex or spinlock */
  RF_C_LIBC_UNLOCK,       /* releases it */
  RF_C_LIBC_TRYLOCK,      /* takes a mutex or spinlock, or fails (try, timed) */
  RF_C_LIBC_RDLOCK,       /* takes an rwlock for reading */
  RF_C_LIBC_WRLOCK,       /* takes an rwlock for writing */
  RF_C_LIBC_RWUNLOCK,     /* releases an rwlock in the mode its thread holds it */
  RF_C_LIBC_TRY_RDLOCK,   /* takes an rwlock for reading, or fails */
  RF_C_LIBC_TRY_WRLOCK,   /* takes an rwlock for writing, or fails */
  RF_C_LIBC_WAIT,         /* waits on a condition variable (releases and retakes the mutex) */
  RF_C_LIBC_SIGNAL,       /* signals a condition variable */
  RF_C_LIBC_BROADCAST,    /* broadcasts a condition variable */
  RF_C_LIBC_SEM_INIT,     /* gives a semaphore its initial value */
  RF_C_LIBC_SEM_POST,     /* adds one to a semaphore */
  RF_C_LIBC_SEM_WAIT,     /* takes one from a semaphore, waiting for it */
  RF_C_LIBC_SEM_TRYWAIT,  /* takes one from a semaphore, or fails */
  RF_C_LIBC_SLEEP,        /* sleeps: no memory effect; a step of its own (RF_OP_SLEEP) in a
                           * program that takes spinlocks, where blocking is a question */
  RF_C_LIBC_NOSYNC,       /* synchronisation the model does not follow (warning) */
  RF_C_LIBC_FORK,         /* a new process: its child is followed as the caller going on (warning) */
  RF_C_LIBC_ATOMIC_BEGIN, /* SV-COMP's __VERIFIER_atomic_begin: starts an atomic section */
  RF_C_LIBC_ATOMIC_END,   /* __VERIFIER_atomic_end: ends it */
  RF_C_LIBC_ASSUME,       /* __VERIFIER_assume: blocks for ever when its argument is false */
  /* atomics */
  RF_C_LIBC_ATOMIC_LOAD,  /* reads through argument 1 atomically */
  RF_C_LIBC_ATOMIC_LOAD_GENERIC,   /* __atomic_load: also writes through argument 2 */
  RF_C_LIBC_ATOMIC_STORE, /* writes through argument 1 atomically */
  RF_C_LIBC_ATOMIC_STORE_GENERIC,  /* __atomic_store: also reads through argument 2 */
  RF_C_LIBC_ATOMIC_RMW,   /* reads and writes through argument 1 atomically (other
                           * pointer arguments: plain reads and writes) */
  RF_C_LIBC_ATOMIC_FENCE, /* no memory effect */
  /* neither */
  RF_C_LIBC_UNSUPPORTED,  /* cannot be over-approximated: a located error */
  RF_C_LIBC_N_EFFECTS
} RfCLibcEffect;

/* RfCLibcPointers: what a call does to pointers, for the points-to analysis. */
typedef enum {
  RF_C_LIBC_PTS_UNKNOWN,  /* code without a body: it may keep and write what its
                           * arguments reach, and returns anything */
  RF_C_LIBC_PTS_OTHER,    /* no effect on pointers; a pointer result is unknown */
  RF_C_LIBC_PTS_ALLOC,    /* returns a new object of the call's allocation site */
  RF_C_LIBC_PTS_REALLOC,  /* returns the site's object or the argument's, holding the
                           * argument's pointers */
  RF_C_LIBC_PTS_RET0,     /* returns a pointer into its first argument */
  RF_C_LIBC_PTS_COPY,     /* memcpy: copies the pointers, returns the first argument */
  RF_C_LIBC_PTS_BYTES0,   /* writes characters through the first argument and returns it */
  RF_C_LIBC_PTS_SET,      /* memset: writes a byte value through the first argument, returns it */
  RF_C_LIBC_PTS_SCAN,     /* writes data through every pointer argument after the first */
  RF_C_LIBC_PTS_SSCAN,    /* writes data through every pointer argument after the second */
  RF_C_LIBC_PTS_ENDPTR,   /* strtol: stores a pointer into the first argument through the second */
  RF_C_LIBC_PTS_SETSPECIFIC, /* its second argument joins the thread-specific values */
  RF_C_LIBC_PTS_GETSPECIFIC, /* returns one of them */
  RF_C_LIBC_PTS_KEYCREATE,   /* the destructor gets one of them */
  RF_C_LIBC_PTS_STRTOK,   /* strtok_r: returns a pointer into the first argument or where
                           * the third points, and stores the first argument there
                           * (strtok: its library state stands for the third) */
  RF_C_LIBC_PTS_CREATE,   /* pthread_create: the start routine gets the argument */
  RF_C_LIBC_PTS_JOIN,     /* pthread_join: stores the thread's result through the second */
  RF_C_LIBC_PTS_PRIVATE,  /* returns a pointer to memory no object of the program shares */
  RF_C_LIBC_PTS_ATOMIC,   /* atomic operations on the object the first argument points to */
  RF_C_LIBC_PTS_STATE,    /* returns a pointer into its first library state, or one that
                           * state holds (it holds pointers into itself) */
  RF_C_LIBC_PTS_STATE_KEEP, /* putenv: its first library state keeps the first argument */
  RF_C_LIBC_N_PTS
} RfCLibcPointers;

enum {
  RF_C_LIBC_NO_CANCEL = 1 << 0,     /* never a cancellation point */
  RF_C_LIBC_CALLS_BACK = 1 << 1,    /* calls its function arguments only before it
                                     * returns, or as the lowering models (they do not
                                     * escape) */
  RF_C_LIBC_THREAD_UNSAFE = 1 << 2, /* POSIX allows it not to be thread-safe (XSH 2.9.1):
                                     * it may share hidden state between threads */
  RF_C_LIBC_CANCELS = 1 << 3,       /* pthread_cancel: the program cancels threads */
  RF_C_LIBC_MUTEX_TYPE = 1 << 5,    /* sets a mutex's type (recursive, error-checking...) */
};

/* RfCLibcFunc: one row. name: as written; family: for an unsupported function, the
 * name the user most likely wrote (glibc's macros turn setjmp into _setjmp), or NULL;
 * why: for an unsupported function, why it cannot be modelled, else NULL; state: the hidden
 * library state a call accesses besides its arguments, or NULL (a comma-separated
 * list of MODE:NAME, read by rf_c_libc_states). Static. */
typedef struct {
  const char *name;
  RfCLibcEffect effect;
  RfCLibcPointers pointers;
  guint flags;
  const char *family;
  const char *why;
  const char *state;
} RfCLibcFunc;

/* RfCLibcStateMode: how a call accesses a state: reads it, writes it, or writes it
 * atomically (under the library's own lock: stdio's locked functions, which exclude
 * each other but not the _unlocked ones). */
typedef enum {
  RF_C_LIBC_STATE_READ,
  RF_C_LIBC_STATE_WRITE,
  RF_C_LIBC_STATE_ATOMIC,
} RfCLibcStateMode;

/* RfCLibcState: one state a call accesses. name: interned; a C identifier names a
 * global variable the library declares and writes (`optarg`, `tzname`, `signgam`,
 * `environ`), any other name one object of hidden library state (`rand() state`,
 * `localtime() state`: the static buffer or internal state functions of a family
 * share). */
typedef struct {
  const char *name;
  RfCLibcStateMode mode;
} RfCLibcState;

/* The states a call of F accesses, in the row's order: *N_STATES of them (0 when F is
 * NULL). Static. */
const RfCLibcState *rf_c_libc_states (const RfCLibcFunc *f, guint *n_states);

/* NAME (a state's name) is a C identifier: a global variable, not a library object. */
gboolean rf_c_libc_state_is_variable (const char *name);

/* The row of a call to NAME (see the approach above), or NULL when NAME is not known.
 * Static, borrowed. */
const RfCLibcFunc *rf_c_libc_lookup (const char *name);

/* Effect K has no memory effect: PURE, SLEEP (a step only where spinlocks are taken),
 * or DETACH and DETACH_STATE (which only the join misuse questions read). */
gboolean rf_c_libc_is_pure (RfCLibcEffect k);

/* The library's effect applies to a call of F (may be NULL) rather than a body of the
 * program: F is modelled by the lowering, and a function the user defined with that
 * name (USER_BODY: a body outside system headers) does not replace it (only functions
 * without a memory effect are replaced). */
gboolean rf_c_libc_lowers (const RfCLibcFunc *f, gboolean user_body);

/* Likewise for the points-to analysis: F's pointer effect is known and a body the
 * user wrote does not replace it. */
gboolean rf_c_libc_points (const RfCLibcFunc *f, gboolean user_body);

/* A call of NAME (no body; NULL: a call through a pointer) may be a cancellation
 * point: every function but those the table marks (pthread functions that are none,
 * atomics, exits) and compiler builtins. */
gboolean rf_c_libc_may_cancel (const char *name);

/* Effect E is a try-lock of some kind (succeeds or fails): TRYLOCK, TRY_RDLOCK,
 * TRY_WRLOCK, SEM_TRYWAIT. */
gboolean rf_c_libc_is_try (RfCLibcEffect e);

/* One line of text describing E, for the manual. Static. */
const char *rf_c_libc_effect_describe (RfCLibcEffect e);
/* Likewise for P. */
const char *rf_c_libc_pointers_describe (RfCLibcPointers p);

/* The rows, in table order: rf_c_libc_n_functions rows, each by index. */
guint rf_c_libc_n_functions (void);
const RfCLibcFunc *rf_c_libc_get (guint i);

/* The manual's table of modelled functions, sorted by name (Markdown). Owned. */
char *rf_c_libc_to_markdown (void);

G_END_DECLS
