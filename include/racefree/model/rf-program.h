/* rf-program: the program model every front end produces (shared objects, job types, CFGs).
 *
 * A program is a set of shared objects (data, locks, condition variables) and a set of
 * job types (thread functions). Each job type is a control-flow graph whose nodes are
 * program locations and whose edges are single operations. The net builder turns this
 * model into a Petri net; the SML printer turns it back into text. Ids are dense
 * indices in declaration order, so iterating by id is deterministic. */
#pragma once

#include <glib.h>
#include "rf-diag.h"

G_BEGIN_DECLS

typedef enum {
  RF_VAR_DATA,  /* read/write location */
  RF_VAR_LOCK,  /* mutex: free or held by one thread */
  RF_VAR_COND,  /* condition variable */
  RF_VAR_SEM,   /* counting semaphore: its value is a number of tokens, 0 at start */
  RF_VAR_RWLOCK, /* read-write lock: free, held by one writer, or by any number of readers */
  RF_VAR_VALUE, /* a shared variable of a finite domain tracked exactly: it holds one of
                 * its values at any time (see rf_program_add_value) */
} RfVarKind;

/* RfVar: one shared object. name owned by the program. For a value variable (kind
 * RF_VAR_VALUE, else n_values == 0 and values NULL): values[0 .. n_values - 1] are the
 * distinct values it may hold, ascending (owned); init indexes the one it holds at
 * start; guard is the data variable its reads and writes are accesses of (the race
 * location of the source variable), or -1; forgotten: rf_program_forget_value made
 * every move of it a skip. one_of_many: a lock that stands for one element of many
 * (the C front end's representative element, reached through an index or a pointer):
 * one thread may lock it twice in the model for two elements the program keeps apart,
 * so a relock of it shows nothing (rf_program_set_one_of_many). spin: a lock taken with
 * pthread_spin_lock (a thread holding it must not block: rf_program_set_spin). */
typedef struct {
  guint id;
  char *name;
  RfVarKind kind;
  RfLoc loc;        /* declaration */
  guint n_values;
  gint64 *values;
  guint init;
  gint guard;
  gboolean forgotten;
  gboolean one_of_many;
  gboolean spin;
} RfVar;

/* The most values a value variable may have (a tuning constant of the front ends: the
 * net gets one place per value, and an assignment one transition per value). */
#define RF_VALUE_MAX 8

typedef enum {
  RF_OP_SKIP,       /* no effect: branch choice, goto, skip, block boundary; arg = -1, or
                     * RF_SKIP_HALT: the whole process ends here (exit, abort): the
                     * thread does not end on its own (see RfJob.exit) */
  RF_OP_READ,       /* arg = data var */
  RF_OP_WRITE,      /* arg = data var */
  RF_OP_ACQUIRE,    /* arg = lock; arg2 = -1: the thread waits until the lock is free;
                     * RF_ACQUIRE_TRY: a trylock's success (another edge from the same
                     * node is its failure: the thread never waits here) */
  RF_OP_RELEASE,    /* arg = lock */
  RF_OP_WAIT,       /* arg = cond, arg2 = lock */
  RF_OP_SIGNAL,     /* arg = cond */
  RF_OP_BROADCAST,  /* arg = cond */
  RF_OP_CREATE,     /* arg = job type */
  RF_OP_POST,       /* arg = semaphore: add one token */
  RF_OP_TAKE,       /* arg = semaphore: wait for a token and take it */
  RF_OP_RDLOCK,     /* arg = rwlock: wait until no writer holds it, hold it for reading */
  RF_OP_WRLOCK,     /* arg = rwlock: wait until nobody holds it, hold it for writing */
  RF_OP_RWUNLOCK,   /* arg = rwlock: release it in the mode this thread holds it (the net
                     * builder works the mode out from the thread's path) */
  RF_OP_VALUE,      /* arg = value var, arg2 = from * n_values + to (indices into its
                     * values): wait until it holds values[from], then make it hold
                     * values[to] (from == to: a test). An assignment of a constant is
                     * one such edge per value it may replace, a branch on the value
                     * one per value that takes the branch */
  RF_OP_JOINALL,    /* arg = job type: every thread of that job type has ended here (a
                     * claim of the front end: it waited for each, as a loop of
                     * pthread_join over every handle a loop of pthread_create filled
                     * does); the net empties that job type's places (a reset).
                     * arg2 = -1, or a semaphore: every thread of the job type has
                     * posted it (a wait loop took one token per thread started, and
                     * each posts it at most once); the net empties the places where
                     * a thread cannot have posted it yet */
  RF_OP_SLEEP,      /* the thread may block here for a while with no effect on shared
                     * state the model follows (sleep, usleep, nanosleep, pause, or a
                     * join, lock or wait on an object the model cannot name): a move
                     * kept as a step of its own so that a thread blocking while it
                     * holds a spinlock can be asked about (the C front end emits it
                     * only in programs that take spinlocks) */
} RfOpKind;

/* arg of an RF_OP_SKIP into a job's end that ends the process, not the thread. */
#define RF_SKIP_HALT 1

/* arg2 of an RF_OP_ACQUIRE, RF_OP_TAKE, RF_OP_RDLOCK or RF_OP_WRLOCK that never blocks
 * (a trylock, sem_trywait or timed lock succeeding). */
#define RF_ACQUIRE_TRY 1

/* RfEdge: one operation from node `from` to node `to` of the same job type.
 * arg/arg2 index vars or jobs as documented per op; -1 when unused.
 * text: optional display text (owned), NULL means "derive from op".
 * ctx: the call context the operation is in (rf_program_get_context), or -1 when the
 * front end does not say (the SML front end; rf_job_add_edge's default). */
typedef struct {
  guint from;
  guint to;
  RfOpKind op;
  gint arg;
  gint arg2;
  RfLoc loc;
  char *text;
  gint ctx;
} RfEdge;

/* RfContext: where an operation is in the calls its thread made, for reports (a call
 * stack). fn: the function it is in (owned by the program). parent: the context of
 * the call that entered fn, at `call` (a location in the parent's function); or -1:
 * fn is the function the thread runs from (no call: call has no file), or a copy of
 * fn that every caller of the thread shares (shared: the caller is not known).
 * Contexts are interned: one id per (parent, fn, call, shared). */
typedef struct {
  gint parent;
  char *fn;
  RfLoc call;
  gboolean shared;
} RfContext;

typedef enum {
  RF_START_NONE,   /* only started by `create` */
  RF_START_COUNT,  /* `count` threads at start (main: 1) */
  RF_START_ANY,    /* any number of threads at start ([*]) */
} RfStartKind;

/* RfJob: one job type. Invariants: entry < nodes->len; every edge's from/to < nodes->len.
 * nodes: RfLoc per node (location of the statement that starts there; the exit node
 * carries the location of the closing brace). Edges are kept in creation order. */
typedef struct {
  guint id;
  char *name;       /* owned; "main" for the main job */
  RfLoc loc;        /* declaration */
  RfStartKind start;
  guint count;      /* for RF_START_COUNT */
  guint entry;      /* entry node */
  gint exit;        /* the node where a thread of this job ends (its function returns or
                     * calls pthread_exit), or -1 (not known: rf_program_add_job's
                     * default); an RF_SKIP_HALT edge into it ends the process instead */
  GArray *nodes;    /* RfLoc */
  GArray *edges;    /* RfEdge (text owned) */
  char *call;       /* owned or NULL: the function each thread of this job calls (C
                     * module entries); the first step of a thread says so */
} RfJob;

typedef struct _RfProgram RfProgram;

RfProgram *rf_program_new (void);
void rf_program_free (RfProgram *prog);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfProgram, rf_program_free)

/* Variables. Returns the new id. Names must be unique (the front end checks). */
guint rf_program_add_var (RfProgram *prog, const char *name, RfVarKind kind, RfLoc loc);
guint rf_program_n_vars (const RfProgram *prog);
const RfVar *rf_program_get_var (const RfProgram *prog, guint id);
/* Returns the id or -1. */
gint rf_program_lookup_var (const RfProgram *prog, const char *name);

/* Adds value variable NAME (see RfVar): VALUES[0 .. N - 1] distinct, ascending (copied),
 * 1 <= N <= RF_VALUE_MAX; INIT < N; GUARD a data variable or -1. Returns the new id. */
guint rf_program_add_value (RfProgram *prog, const char *name, RfLoc loc, const gint64 *values, guint n,
                            guint init, gint guard);
/* The index of V in value variable VAR's values, or -1. */
gint rf_program_value_index (const RfProgram *prog, guint var, gint64 v);
/* Forgets value variable VAR: each of its RF_OP_VALUE edges becomes a skip (every branch
 * on it goes both ways), so the program has every run it had and more; it is marked
 * forgotten. */
void rf_program_forget_value (RfProgram *prog, guint var);

/* Marks lock VAR one_of_many (see RfVar). */
void rf_program_set_one_of_many (RfProgram *prog, guint var);

/* Marks lock VAR a spinlock (see RfVar). */
void rf_program_set_spin (RfProgram *prog, guint var);

/* Job types. The new job has no nodes; add the entry node first and set it. */
guint rf_program_add_job (RfProgram *prog, const char *name, RfLoc loc, RfStartKind start, guint count);
guint rf_program_n_jobs (const RfProgram *prog);
RfJob *rf_program_get_job (const RfProgram *prog, guint id);
gint rf_program_lookup_job (const RfProgram *prog, const char *name);

/* Adds a node (program location) to JOB; returns its index. */
guint rf_job_add_node (RfJob *job, RfLoc loc);
/* Adds an edge; text may be NULL (copied); its ctx is -1. */
void rf_job_add_edge (RfJob *job, guint from, guint to, RfOpKind op, gint arg, gint arg2, RfLoc loc, const char *text);

/* Call contexts (see RfContext). The id of the context (PARENT, FN, CALL, SHARED),
 * added when new (FN copied); PARENT is -1 or an id. */
guint rf_program_add_context (RfProgram *prog, gint parent, const char *fn, RfLoc call, gboolean shared);
guint rf_program_n_contexts (const RfProgram *prog);
const RfContext *rf_program_get_context (const RfProgram *prog, guint id);

/* RfStackFrame: one frame of a call stack: in function fn (borrowed), at loc. */
typedef struct {
  const char *fn;
  RfLoc loc;
} RfStackFrame;

/* The call stack of an operation at AT in context CTX, innermost first: (CTX's fn, AT),
 * then (its parent's fn, CTX's call), and so on to the function the thread runs from;
 * empty when CTX is -1. *SHARED (may be NULL) is set to whether the outermost frame is
 * a copy every caller shares (its callers are not known). Owned array of RfStackFrame. */
GArray *rf_program_stack (const RfProgram *prog, gint ctx, RfLoc at, gboolean *shared);

/* Notes on accesses: why an access of data var VAR at LOC is not protected the way the
 * source suggests (e.g. "lock 'locks[i]' (f.c:12:3) may denote several mutexes: no
 * mutual exclusion assumed"). Reports print them with a race at that access. TEXT is
 * copied; a note already there is not added twice. */
void rf_program_add_note (RfProgram *prog, guint var, RfLoc loc, const char *text);
/* The notes of the accesses of VAR at LOC (same file, line and column), in the order
 * added: const char*, borrowed; a new array (unref it). */
GPtrArray *rf_program_notes_at (const RfProgram *prog, guint var, RfLoc loc);

/* Blocking lock operations of the source that the model does not follow (a mutex lock
 * whose mutex is not known, or a mutex that gives no exclusion: its edge is a skip),
 * so that no deadlock through them can be shown or excluded: one entry per source
 * location, WHY (copied) saying why. Reports list them with the deadlock verdicts. */
void rf_program_add_unfollowed (RfProgram *prog, RfLoc loc, const char *why);
guint rf_program_n_unfollowed (const RfProgram *prog);
/* The I-th one (in the order added): its why (borrowed), its location in *LOC. */
const char *rf_program_get_unfollowed (const RfProgram *prog, guint i, RfLoc *loc);

/* RfHandleScope: how many objects a thread handle's name stands for, least first:
 * MANY (an array's elements, a struct member, or a name two declarations share), LOCAL
 * (a whole variable of each thread: a local or a thread-local one), ONE (a whole
 * variable of static storage, the same for every thread). */
typedef enum {
  RF_HANDLE_MANY,
  RF_HANDLE_LOCAL,
  RF_HANDLE_ONE,
} RfHandleScope;

/* RfHandle: a thread handle the front end follows (pthread_create stores a thread's id
 * into it, pthread_join waits for that thread), for the join misuse queries. exited:
 * the semaphore the threads created into it post when they end (a join takes it);
 * detached: the semaphore a detach through the handle posts (the thread the handle
 * holds is detached), or -1;
 * detached_self: the one a thread created into it posts when it detaches itself, or
 * -1; scope: with ONE, the last create into it in a run made the thread whose id it
 * holds; with LOCAL, the last create into it by the thread that reads it. */
typedef struct {
  guint exited;
  gint detached;
  gint detached_self;
  RfHandleScope scope;
} RfHandle;

/* Notes handle H (copied): a new one, or merged with the one of the same exited
 * semaphore (a detached semaphore set, the lesser scope kept). */
void rf_program_note_handle (RfProgram *prog, const RfHandle *h);
guint rf_program_n_handles (const RfProgram *prog);
/* The I-th handle, in the order noted (borrowed). */
const RfHandle *rf_program_get_handle (const RfProgram *prog, guint i);
/* The handle whose exited semaphore is SEM, or NULL. */
const RfHandle *rf_program_lookup_handle (const RfProgram *prog, guint sem);
/* The semaphore a detach of a thread the front end cannot name posts (it may be any
 * thread a handle holds), or -1 (the default: none). */
void rf_program_set_detached_any (RfProgram *prog, guint sem);
gint rf_program_get_detached_any (const RfProgram *prog);

/* Human text for an edge, e.g. "acquire m", "wait c, m", "create worker", "unlock rw".
 * Owned. */
char *rf_program_edge_to_string (const RfProgram *prog, const RfEdge *edge);

/* Checks the invariants above (debug aid, used under g_assert). */
gboolean rf_program_is_valid (const RfProgram *prog);

G_END_DECLS
