/* rf-c-lower-private: the state the files of the lowering share (private to it).
 *
 * The lowering (rf-c-lower.h) is one module in several files, one per concern:
 *   rf-c-lower.c          the entry point, roots, the CFG and accesses;
 *   rf-c-lower-resolve.c  what a pointer expression may point to (places);
 *   rf-c-lower-expr.c     expressions and conditions;
 *   rf-c-lower-stmt.c     statements and loops (counted loops unrolled);
 *   rf-c-lower-call.c     calls: library effects, code without a body, inlining;
 *   rf-c-lower-sync.c     locks, rwlocks, condition variables, semaphores, once;
 *   rf-c-lower-jobs.c     job types: threads, joins, handlers, module entries;
 *   rf-c-lower-prepass.c  the pre-pass: address-taken objects, escapes, heap sites;
 *   rf-c-lower-sites.c    allocation wrappers, sites of one object, globals fixed early;
 *   rf-c-lower-fresh.c    thread-private heap sites and fresh objects;
 *   rf-c-lower-elems.c    the element a thread is given: representative iterations;
 *   rf-c-lower-guess.c    a lock and its data through one key, tickets: the representative guessed;
 *   rf-c-lower-values.c   shared variables of a small finite domain, followed exactly: the scan;
 *   rf-c-lower-vforms.c   ... what an expression says about one (atomics, bindings, tests);
 *   rf-c-lower-vmoves.c   ... its moves and branches in the lowering;
 *   rf-c-lower-svcomp.c   SV-COMP's conventions: atomic sections, assume;
 *   rf-c-lower-split.c    branches correlated by unchanging locals: a block's rest per truth;
 *   rf-c-lower-finish.c   the passes over the finished program.
 * Functions one file defines and another calls are declared here, named lower_*. */
#pragma once

#include <glib.h>
#include "rf-c-lower.h"
#include "c-ast.h"
#include "rf-c-type.h"
#include "rf-c-tree.h"
#include "rf-c-libc.h"
#include "rf-c-object.h"
#include "rf-c-points.h"

G_BEGIN_DECLS

/* Frame: one inlined call of fn (a job's own function at the bottom). entry, ret: its
 * entry node and the node its returns go to; up: the caller's frame; args: parameter
 * CDecl* -> argument CExpr* (evaluated in up); labels: label name -> node + 1; brk,
 * cont: stacks of nodes (guint) a break or continue goes to; cases: the case and
 * default statements (CStmt*) of the innermost switch -> node + 1, or NULL. */
typedef struct _Frame Frame;
struct _Frame {
  CDecl *fn;
  CExpr *call;              /* the call inlined here, or NULL (a thread's entry) */
  guint ctx;                /* the program's call context of the body's edges (RfContext) */
  guint entry, ret;
  gboolean split;           /* a condition tests the result: `return E;` goes to ret_t
                             * where E may be true, to ret_f where it may be false */
  guint ret_t, ret_f;
  Frame *up;
  GHashTable *args;
  GHashTable *labels;
  GArray *brk, *cont;
  GArray *brk_scope, *cont_scope; /* guint: L->scope_cleanups->len where each was pushed */
  guint scope_base;         /* L->scope_cleanups->len when the frame was made */
  GHashTable *cases;
};

/* ShareCopy: the copy of a shared function in the job being lowered: the nodes its body
 * starts at and returns from (rf-c-lower-share.c). */
typedef struct {
  guint entry, ret;
} ShareCopy;

/* NoExcl: an edge of job `job` (index `edge`) that stands for a lock operation giving
 * no exclusion: `take` (a lock or trylock, a sem_wait) starts a stretch where the
 * source means to hold lock KEY, `release` ends every stretch of KEY. key and reason
 * are owned; reason says why there is no exclusion. */
typedef struct {
  guint job;
  guint edge;
  gboolean take;
  char *key;
  char *reason;
} NoExcl;

/* ValueDom: a static scalar followed as a value variable (rf-c-lower-values.c):
 * values, the distinct values it may hold (gint64, ascending after the scan), init
 * among them; var: its value variable, made at its first use (-1 before); name: the
 * name of its data variable (owned, set with var). bad, compared: the scan's verdicts
 * (a change the model cannot follow; a condition compares it with a constant). */
typedef struct {
  GArray *values;
  gint64 init;
  gint var;
  char *name;
  CDecl *decl;              /* a declaration of it (the first the scan met) */
  CDecl *fn;                /* a static local's function (NULL for a global) */
  gboolean bad, compared;
  gboolean waited;          /* a comparison where a thread waits on it, or an atomic
                             * operation on it (rf-c-lower-values.c) */
} ValueDom;

/* ---- value variables (rf-c-lower-values.c, rf-c-lower-vforms.c, rf-c-lower-vmoves.c) ---- */

typedef enum { VOP_LOAD, VOP_STORE, VOP_XCHG, VOP_CAS_BOOL, VOP_CAS_VAL, VOP_CAS_PTR } VopKind;

/* Vop: one atomic operation on a static scalar, *addr being `&D`: its kind, the value
 * it stores (val; NULL with a store: 0, as __sync_lock_release), the value a value
 * compare-and-swap expects (expect), and whether its memory orders order memory. */
typedef struct {
  VopKind kind;
  CExpr *x;         /* the operation's own node (a call, a statement expression) */
  CExpr *addr;
  CDecl *d;
  CExpr *val, *expect;
  gboolean ordered;
} Vop;

/* Binding: what a parameter stands for (see the comment atop): ptr, the static scalar
 * every call points it to; vals (gint64), the constants every call passes; neither:
 * nothing (bad). uses, good: the uses of a pointer parameter in its function, and those
 * of them the scan found to be `*p`, an atomic operation's object or an argument of
 * another pointer parameter. busy: being worked out (a cycle: bad). */
typedef struct {
  CDecl *ptr;
  GArray *vals;
  gboolean bad, busy;
  guint uses, good;
} Binding;

/* ValueTest: a condition on a variable's value: the value X tested (the variable
 * read, or the result of an atomic operation on it: op), compared by cmp with k. */
typedef struct {
  CDecl *d;
  gboolean atomic;
  Vop op;
  COp cmp;
  gint64 k;
} ValueTest;

typedef struct _ValueScan ValueScan;

/* LowerFacts: what the pre-pass (rf-c-lower-prepass.c) finds about the whole unit
 * before any job is lowered. Read-only afterwards. */
typedef struct {
  GHashTable *escaped;      /* local CDecl* whose address escapes */
  GHashTable *assigned;     /* local/param CDecl* assigned after its initialisation */
  GHashTable *addr_funcs;   /* CDecl* (with body) whose address is taken */
  GPtrArray *addr_func_list;/* same, in order of discovery */
  GHashTable *handles;      /* CDecl* -> HANDLE_* bits: how a pthread_t variable is used */
  GHashTable *calls;        /* CDecl* -> GHashTable of callee CDecl* (NULL: through a pointer) */
  GHashTable *recursive;    /* CDecl* on a call cycle: parameters not bound to arguments
                             * (and the shared functions, which are re-entered alike) */
  GHashTable *shared;       /* CDecl* lowered once per job, every call jumping to that copy
                             * (rf-c-lower-share.c) */
  guint share_level;        /* how many functions to share (rf-c-lower-share.c): 0 those an
                             * estimate calls for, up to LOWER_SHARE_LEVELS */
  GHashTable *stable;       /* file-scope or static CDecl* that only main assigns, before it
                             * starts any thread (lower_stable_globals): fixed while threads run */
  GHashTable *chunk_bad;    /* array CDecl* some subscript may split by an index, made on
                             * first use (rf-c-lower-range.c), or NULL */
  GHashTable *fresh_globals;/* stable global pointer CDecl* that every assignment of the
                             * program sets to a new allocation or NULL, whose address is
                             * never taken (lower_fresh_globals): fixed while threads run,
                             * at the start of one object */
  GHashTable *wrappers;     /* CDecl* of the allocation wrappers (lower_alloc_wrappers): each call
                             * of one is an allocation site of its own */
  GHashTable *addr_kept;    /* RfCObj* of the static objects whose address the program
                             * takes where a copy of it may be kept: anywhere but as the
                             * argument of a library call that keeps none (`sscanf (s,
                             * "%u", &n)`, `pthread_mutex_lock (&m)`) */
  GHashTable *addr_members; /* static CDecl* -> set of interned member paths (".a.b"; "" the
                             * whole object) whose address the program takes: what of it
                             * pointers may reach (a member of an array element counts as
                             * the array, of a union as the union) */
  GHashTable *static_writes;/* static CDecl* -> guint: the expressions that may change it
                             * (assignments, increments, its address taken) in the program */
  gboolean mutex_recursive; /* the program names PTHREAD_MUTEX_RECURSIVE */
  gboolean mutex_other;     /* ... PTHREAD_MUTEX_ERRORCHECK or PTHREAD_MUTEX_ROBUST, or sets a
                             * mutex type not by name: a lock may fail */
  gboolean cancels;         /* the program calls pthread_cancel */
  gboolean cleanups;        /* the program registers cleanup handlers (pthread_cleanup_push) */
  gboolean spins;           /* the program takes spinlocks: its sleeps are steps (RF_OP_SLEEP) */
  gboolean async_cancels;   /* ... and pthread_setcanceltype (asynchronous cancellation may be
                             * asked for): a thread may end before any operation */
  gboolean unknown_calls;   /* some call reaches a function with no body, unmodelled */
  GHashTable *state_modes;  /* interned library state name -> guint: the bits
                             * 1 << RfCLibcStateMode the program's calls use on it */
  GHashTable *globals_named;/* interned name -> file-scope variable CDecl* the
                             * program's code names */
  GHashTable *value_members;/* "%p.path" -> member taken as a declaration of its own
                             * (rf-c-lower-vforms.c), or NULL */
  GHashTable *values;       /* interned key (a global's name, a static local's
                             * declaration: lower_value_dom) -> ValueDom* (owned): the
                             * value variables (lower_values_scan) */
  GHashTable *detached_attrs;/* pthread_attr_t CDecl* that pthread_attr_setdetachstate may
                             * set to detached (rf-c-lower-detach.c) */
  gboolean detached_attr_unknown; /* ... and an attribute not named so (through a pointer) */
  GHashTable *assigned_whole;/* CDecl* of the variables some assignment writes (a part or
                             * whole: an attribute copied from a detached one) */
} LowerFacts;

/* LowerPrivate: heap objects that never leave their thread, and objects no other thread
 * has yet (rf-c-lower-fresh.c). bad, sites and all_bad are the private-site analysis'
 * state (also reused, saved and restored, to find what a statement touches); fresh is
 * the set along the statement walk. */
typedef struct {
  GHashTable *bad;          /* local pointer CDecl* that may hold something shared */
  GHashTable *sites;        /* alloc call CExpr* -> local pointer CDecl* it is stored in */
  gboolean all_bad;         /* code the analysis does not follow: no heap site is private */
  GHashTable *ptr_addr;     /* local pointer CDecl* whose address is taken somewhere (&p) */
  GHashTable *fresh;        /* local pointer CDecl* holding an object no other thread has yet */
  CDecl *param;             /* the parameter whose uses param_keeps follows, or NULL */
  GHashTable *param_ok;     /* CDecl* parameter -> 1 when its function lets nothing it is
                             * given out (param_keeps), 2 when it may (or is being asked) */
} LowerPrivate;

/* JoinAllPlan: a loop of pthread_create whose threads a later loop of pthread_join
 * of the same block joins, all of them (rf-c-lower-joinall.c). create: the create
 * call; join_loop: the join loop's statement; jobs: the job types the create call
 * started (guint), each made for this call alone; at the join loop's exit they have
 * all ended (RF_OP_JOINALL); join: the join loop's pthread_join call; create_fn,
 * join_fn: the helper functions whose whole body is the create or the join loop,
 * called from the block (NULL: the loop is a statement of the block itself). */
typedef struct {
  CExpr *create, *join;     /* join: NULL for a wait loop */
  CExpr *sem_arg;           /* a wait loop's sem_wait argument, or NULL */
  RfLoc sem_loc;            /* that sem_wait call's location */
  CStmt *join_loop;
  GArray *jobs;
  CDecl *create_fn, *join_fn;
  GArray *slot_writes;      /* guint pairs (job, edge): the create call's writes of its handle slot */
  GArray *joinall_edges;    /* guint pairs (job, edge): the RF_OP_JOINALL edges emitted */
  guint main_job;           /* main's job id, and main's own lines outside the loops */
  RfLoc main_begin, main_end, region_begin, region_end;
  RfLoc quiet_begin[2], quiet_end[2];  /* and in the helpers: before the create loop, after
                                        * the join loop (file NULL: none) */
  CDecl *counter;           /* a count wait's counter (rf-c-lower-joinall-count.c), or NULL */
  CDecl *barrier;           /* a barrier every thread of the create loop waits at once
                             * (rf-c-lower-joinall-barrier.c), or NULL; barrier_main: main
                             * waits at it too; barrier_edges: (job, edge) pairs of the
                             * RF_OP_JOINALL edges emitted at its waits */
  gboolean barrier_main;
  GArray *barrier_edges;
  CStmt *create_loop;       /* the create loop's statement (main's, at whose exit main
                             * posts looped$b for a barrier plan) */
  CExpr *elem_base;         /* the base B of the create loop's element split when the join
                             * loop reads B[j] (rf-c-lower-joinall-elem.c), or NULL */
  gboolean elem_value;      /* the create loop is an index split and the join loop reads a
                             * named array at its index (likewise) */
} JoinAllPlan;

/* RetCheck: how main tests a create helper's result: `if (f (...) OP RHS) END;` with
 * END ending the program (set FALSE: not tested). A `return V;` in the helper with V
 * a constant for which V OP RHS holds leaves it only to end the program. */
typedef struct {
  gboolean set;
  COp op;
  gint64 rhs;
} RetCheck;

/* JoinSite: where a loop of a join plan is (rf-c-lower-joinall-site.c): items[i], in
 * main's block (helper NULL) or in the body of helper, which main's statement calls
 * (call); check: main's test of the call; ret_local: the helper's local it returns,
 * which main's variable ret_var is then given (`h = f (...);`), or NULL. */
typedef struct {
  GPtrArray *items;
  guint i;
  CDecl *helper;
  CExpr *call;
  RetCheck check;
  CDecl *ret_local, *ret_var;
} JoinSite;

/* ElemSplit: a loop lowered once per role of its passes (rf-c-lower-elems.c): each
 * pass sees its own value of index, so at most one pass of a run touches the
 * representative element of base (a fixed array or pointer), `base[index]`; the
 * others touch other elements, which are no location of the model. Or (index and
 * base NULL) each pass allocates its own object at site (an allocation call), so at
 * most one pass of a run makes the representative object. Or (value) each pass
 * hands the index itself to the thread it creates: then every named array (absolute
 * indices) is split alike, `X[index]`. role: the role of
 * the pass being lowered (ELEM_REP, ELEM_OTHER) or ELEM_NONE (the test, the step);
 * frame: the loop's frame; inner: the locals declared in its body (CDecl* set);
 * off: > 0 while a value computed outside the pass is resolved (an alias initialised
 * before the loop). A guess (rf-c-lower-guess.c) is no loop: the rest of a block is
 * lowered once per role of the key its lock is reached through, `base[index]` (for a
 * named array: every named array indexed by index, as value does) or the pointer ptr;
 * loop is then the block. */
enum { ELEM_NONE = -1, ELEM_OTHER = 0, ELEM_REP = 1 };
typedef struct {
  CStmt *loop;
  CDecl *index;
  CExpr *base;
  CExpr *site;
  gboolean value;
  Frame *frame;
  gint role;
  GHashTable *inner;
  guint off;
  gboolean guess;
  CDecl *ptr;
  CDecl *holder, *holder_index;  /* an object split whose holder is the element
                                  * `holder[holder_index]` of a local array of pointers
                                  * (lower_elems_held_element), else NULL */
  JoinAllPlan *join;             /* the plan whose join loop this is, split as its create
                                  * loop (rf-c-lower-joinall-elem.c), or NULL */
} ElemSplit;

/* How a thread reads the index it was given (LowerJobs.arg_index_deref). */
enum { INDEX_BY_VALUE = 0, INDEX_BY_DEREF = 1, INDEX_BY_FIELD = 2 };

/* ArgFields: the fields of the object a job's threads are given that the pass creating
 * them set (rf-c-lower-argfields.c). Invariant: each set is an assignment `O.f = E;`
 * (or `O = (S) { ... }` whose literal gives f the value E),
 * a top-level statement of the creating loop's body before the create, O the pass's
 * own element or object (the create's argument), E made of constants, the loop's
 * index and variables in fixed (one value in every pass of the loop). Owned by
 * Lower.argfields, one per create call, borrowed by that call's job types (no other
 * create shares them). */
typedef struct {
  GHashTable *sets;     /* const char* field (the AST's) -> CExpr* assignment */
  GHashTable *values;   /* const char* field -> CExpr* the value it sets the field to (its
                         * right side, or the compound literal's item) */
  GHashTable *checked;  /* const char* field -> 1 when its set alone writes it, 2 not */
  GHashTable *fixed;    /* CDecl* set: the variables of the sets' values but the index */
  GHashTable *reads;    /* CExpr* member read in a set's value (`args[i].lo`) -> the
                         * field (const char*) an earlier set gave the value it reads */
  CTag *tag;            /* the object's struct */
  CDecl *index, *fn;    /* the loop's index and the function it is in */
} ArgFields;

/* LowerJobs: the job types made so far (rf-c-lower-jobs.c). Invariant: every array
 * has one entry per job type of the program, by job id. */
typedef struct {
  GHashTable *of_fn;        /* CDecl* -> job id + 1 (the job of threads with no joinable handle) */
  GHashTable *of_handle;    /* "fn-ptr:sem id:site" (owned) -> job id + 1: threads whose exit posts sem */
  GHashTable *of_site;      /* "fn-ptr:site" (owned) -> job id + 1: threads whose argument is known */
  GPtrArray *arg;           /* GPtrArray of places (owned) its start routine's parameter points
                             * to (known at its creation), or NULL */
  GPtrArray *fn;            /* CDecl* of its thread function */
  GArray *exit_sem;         /* gint: semaphore its threads post when they end, or -1 */
  GArray *track;            /* guint: the entry parameters (bit i: parameter i) that stand for
                             * the representative object (track_params) */
  GArray *other;            /* guint: those that stand for any other object */
  GArray *arg_other;        /* guint (a boolean): its arg came through an entry parameter
                             * standing for another object (so it is no one object) */
  GPtrArray *arg_whole;     /* GPtrArray of places (owned) or NULL: for threads given another
                             * element than the representative (rf-c-lower-elems.c), the
                             * whole array, which a library call through the argument may reach */
  GArray *arg_inside;       /* guint (a boolean): its arg is another object than the
                             * representative (rf-c-lower-elems.c): an offset stays inside it */
  GArray *arg_index;        /* gint: its arg is the create loop's index (a value split,
                             * rf-c-lower-elems.c): ELEM_REP, ELEM_OTHER, or ELEM_NONE */
  GPtrArray *arg_index_decl;/* CDecl* (borrowed) of that index, or NULL: the thread's copy
                             * must hold every value of its type */
  GPtrArray *arg_index_max; /* IndexMax* (owned) or NULL: the largest index any thread of
                             * the job type is given (rf-c-lower-range.c's last chunk) */
  GArray *arg_index_deref;  /* guint, how the thread reads the index: INDEX_BY_VALUE (its
                             * parameter), INDEX_BY_DEREF (handed through an element that
                             * holds it, `ids[i] = i;` then `&ids[i]`: `*arg`),
                             * INDEX_BY_FIELD (a field of its argument: arg_fields) */
  GPtrArray *arg_fields;    /* ArgFields* (borrowed from Lower.argfields) or NULL: what its argument's fields hold
                             * (rf-c-lower-argfields.c) */
  GPtrArray *arg_cell;      /* const RfCLoc* (borrowed) or NULL: its arg is in that
                             * representative cell (see rep_cell) */
  GQueue pending;           /* job ids + 1 not lowered yet */
  GPtrArray *joinall;       /* JoinAllPlan* (owned) of the blocks being lowered */
  GPtrArray *joinall_done;  /* JoinAllPlan* (owned) whose joinall edges are emitted */
} LowerJobs;

/* LowerSync: what the synchronisation operations found (rf-c-lower-sync.c), for the
 * passes over the finished program (rf-c-lower-finish.c). */
typedef struct {
  GHashTable *demoted;      /* sync object name (owned) -> reason (owned): gives no exclusion */
  GHashTable *relockable;   /* demoted mutex names (owned) that may be recursive or
                             * error-checking and are locked again by their holder */
  GArray *no_excl;          /* NoExcl: lock operations that give no exclusion */
  char *reason;             /* owned: why the last lower_sync_var gave -1, or NULL */
} LowerSync;

/* Lower: one lowering of a unit. The inputs are borrowed; prog is owned until
 * rf_c_lower returns it. The current job's fields (job ... pfn) describe where the walk
 * is: cur is the CFG node the next operation starts at. */
typedef struct {
  const RfCUnit *unit;
  const RfCLowerOptions *opts;
  RfDiags *diags;
  RfProgram *prog;
  GPtrArray *decls;         /* every file-level CDecl* of the unit, in file order (borrowed) */
  GHashTable *funcs;        /* name -> CDecl* with body (the first) */
  RfCTypes *ty;             /* types of expressions, owned */
  RfCObjects *objs;         /* the objects and locations, owned (shared with pts) */
  GPtrArray *roots;         /* RfCObj* (borrowed from objs), in the order named */
  RfCPoints *pts;           /* the points-to analysis, owned */
  gboolean module;          /* module mode: entries instead of main */
  GHashTable *warned;       /* keys of the warnings given once (owned strings) */
  LowerFacts pre;
  LowerPrivate priv;
  LowerJobs jobs;
  LowerSync sync;
  /* pointer resolution */
  guint guessed;            /* pointer targets guessed by type so far */
  guint alias_depth;        /* aliases (values kept for later) being resolved: an
                             * allocation met there is its site's object, not fresh */
  gboolean other_obj;       /* lower_deref met a parameter standing for another object */
  GPtrArray *elems;         /* ElemSplit* (owned) of the loops being lowered, innermost last */
  guint elems_off;          /* > 0: pointers resolved whole (a library call's extent) */
  gboolean elem_other;      /* lower_deref met an element of a pass of another element */
  gboolean elem_inside;     /* ... or another object, which an offset does not leave */
  const RfCLoc *rep_cell;   /* the last place lower_lval or lower_deref made the
                             * representative cell of itself (rf-c-lower-guess.c), or
                             * NULL; lower_eval keeps it (a value read is no part of
                             * the lvalue being resolved) */
  /* the current job */
  RfJob *job;
  guint job_id;
  guint exit_node;
  guint cur;
  Frame *frame;
  int quiet;                /* > 0: resolving an alias again: no edges */
  GArray *facts;            /* Fact (rf-c-lower-split.c): the truths of conditions on
                             * unchanging locals along the path being lowered, or NULL */
  GHashTable *addr_taken;   /* CStmt* function body -> GHashTable (owned) of the CDecl*
                             * whose address (&x) it takes: lower_body_takes_addr */
  GHashTable *split_threads; /* CStmt* block -> 1 + the index of its last item that
                             * starts or joins threads, directly or through calls (0:
                             * none); rf-c-lower-split.c's scan, once per block */
  GPtrArray *scope_cleanups; /* CDecl*: the variables with __attribute__ ((cleanup)) in
                             * scope on the path being lowered, innermost last: a return,
                             * break or continue runs the cleanups of those it leaves */
  struct {                  /* non-local jumps of the job being lowered (rf-c-lower-jump.c) */
    GArray *targets;        /* guint: the nodes where its setjmps return (again) */
    GArray *sources;        /* guint: its longjmps: to every target (none: the end) */
    GArray *unwind_any;     /* guint: unwinds to handlers not known: every target, the end */
    GArray *unwinds;        /* guint: every unwind (with cycle, to every target and the end) */
    gboolean cycle;         /* a recursive call of the job jumps back to an active copy */
    GArray *cleanups;       /* guint: the cleanup registrations open on the path, innermost
                             * last: the target each unwinds to, G_MAXUINT when not known */
    gint last_setjmp;       /* the target of the last setjmp lowered (-1: none), in */
    Frame *last_frame;      /* this frame */
    guint shared;           /* > 0: in a shared copy of a function (rf-c-lower-share.c) */
    GHashTable *handlers;   /* CDecl*: the functions run as signal handlers */
  } jumps;
  GHashTable *range_vals;   /* while rf-c-lower-range.c reads a chunk: CDecl* -> CExpr*,
                             * a local set through an out-parameter (its value), a
                             * parameter of the helper setting it (its argument) */
  GHashTable *range_derefs; /* ... and a helper's out-parameter p -> the value of *p */
  GHashTable *argfields;    /* CExpr* create call -> ArgFields* (owned) or NULL: the fields
                             * its pass sets (rf-c-lower-argfields.c), worked out once */
  GHashTable *owned;        /* "tag.field" -> whether the pointer field is owned
                             * (rf-c-lower-owned.c), worked out once; NULL until asked */
  GHashTable *split_params; /* CDecl* parameter -> its tests in its function's body
                             * (owned; rf-c-lower-split.c), worked out once */
  CExpr *split_call;        /* the call whose inlining a condition asks to split by its
                             * result (Frame.split), or NULL; split_t, split_f: the
                             * nodes its frame's ret_t and ret_f are to be */
  guint split_t, split_f;
  guint svcomp_depth;       /* the atomic sections (rf-c-lower-svcomp.c) open here */
  gboolean svcomp_unstructured; /* some function's sections are not structured: they
                             * give no exclusion (svcomp_bad_loc: that function) */
  RfLoc svcomp_bad_loc;
  ValueScan *vscan;         /* the value variables' scan while it runs (parameters are
                             * then resolved through its bindings, not through frames) */
  CExpr *value_skip;        /* the atomic operation whose effect on a value variable a
                             * condition is lowering (lower_value_step leaves it), or NULL */
  CDecl *pfn;               /* pre-pass: the current function */
  GHashTable *share_copies; /* CDecl* of a shared function -> ShareCopy* (owned): its copy
                             * in the current job, once lowered */
  gboolean too_large;       /* a job passed the node cap (lower_inline): nothing more is
                             * inlined, and rf_c_lower tries the next share level */
  GHashTable *handle_decls; /* GINT exited semaphore -> the CDecl* of the handle it was
                             * first named for (rf-c-lower-detach.c: a second declaration
                             * of the same name makes it no one object) */
} Lower;

/* Thread handles. A pthread_t variable is a joinable handle when it is passed to
 * pthread_join, every use of its address is `&t` (or `&t[i]`, `&t.f`) as
 * pthread_create's first argument, and it is never assigned: then its value at a
 * pthread_join is one a pthread_create stored there. Threads created with handle t
 * post the semaphore `exited$t` when they end, and pthread_join(t) takes a token:
 * as each thread is joined at most once, when the n-th join on t returns at least n
 * threads created with t have ended, so the model keeps every real run. It is exact
 * when t holds one thread at a time. */
enum { HANDLE_CREATED = 1, HANDLE_JOINED = 2, HANDLE_BAD = 4, HANDLE_SELF = 8 };
/* HANDLE_SELF: a local pthread_t initialised with pthread_self () at its declaration;
 * with no other bit but HANDLE_JOINED, it always holds its own thread's id
 * (rf-c-lower-detach.c). */

/* Access modes. */
enum { ACC_READ = 1, ACC_WRITE = 2, ACC_RW = 3 };

/* How a value is used, for the private-site analysis (rf-c-lower-fresh.c). */
enum { PV_VALUE, PV_DEREF, PV_TEST, PV_DISCARD, PV_ESCAPE_LV };

/* ---- small helpers ---- */

static inline CType *
strip (Lower *L, CType *t)
{
  return rf_c_type_strip (L->ty, t);
}

static inline CType *
type_of (Lower *L, CExpr *e)
{
  return rf_c_type_of (L->ty, e);
}

static inline gboolean
is_pointerish (Lower *L, CType *t)
{
  return rf_c_type_is_pointerish (L->ty, t);
}

static inline CType *
pointee (Lower *L, CType *t)
{
  return rf_c_type_pointee (L->ty, t);
}

static inline gboolean
type_is_any (Lower *L, CType *t)
{
  return rf_c_type_is_any (L->ty, t);
}

static inline gboolean
compatible (Lower *L, CType *a, CType *b)
{
  return rf_c_type_compatible (L->ty, a, b);
}

/* Places: locations of the objects table (const RfCLoc*), borrowed by the arrays that
 * hold them. */
static inline char *
place_name (const RfCLoc *p)
{
  return g_strconcat (p->obj->name, p->path, NULL);
}

static inline void
places_unref (gpointer ps)
{
  if (ps)
    g_ptr_array_unref (ps);
}

static inline GPtrArray *
places_new (void)
{
  return g_ptr_array_new ();
}

static inline GPtrArray *
places_copy (GPtrArray *ps)
{
  return ps ? g_ptr_array_copy (ps, NULL, NULL) : places_new ();
}

/* The function being lowered (or walked by the pre-pass), or NULL. */
static inline CDecl *
cur_fn (Lower *L)
{
  return L->frame ? L->frame->fn : L->pfn;
}

/* The lowering's effect of a call of NAME (see rf-c-libc.h): RF_C_LIBC_UNMODELLED for
 * code the table does not model. */
static inline RfCLibcEffect
lower_effect_of (const char *name)
{
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  return f ? f->effect : RF_C_LIBC_UNMODELLED;
}

/* ---- functions one file defines and others call, by file ---- */

/* rf-c-lower.c */
void lower_warn (Lower *L, RfLoc loc, const char *key, const char *fmt, ...) G_GNUC_PRINTF (4, 5);
/* Before an operation or access at LOC: with asynchronous cancellation, an edge to the
 * thread's end. */
void lower_async_cancel_point (Lower *L, RfLoc loc);
void lower_error (Lower *L, RfLoc loc, const char *fmt, ...) G_GNUC_PRINTF (3, 4);
RfCObj *lower_root_add (Lower *L, RfCObjKind kind, gconstpointer key, const char *name, CType *type, gboolean summary, RfLoc loc);
RfCObj *lower_root_find (Lower *L, RfCObjKind kind, gconstpointer key);
RfCObj *lower_root_of_decl (Lower *L, CDecl *d, CDecl *fn);
char *lower_client_name (Lower *L, CType *t);
RfCObj *lower_client_root (Lower *L, CType *t);
gboolean lower_untyped_memory (Lower *L, RfCObj *r);
RfCObj *lower_param_client (Lower *L, CDecl *p);
guint lower_node (Lower *L, RfLoc loc);
void lower_edge (Lower *L, guint from, guint to, RfOpKind op, gint arg, gint arg2, RfLoc loc, const char *text);
void lower_emit (Lower *L, RfOpKind op, gint arg, gint arg2, RfLoc loc, const char *text);
RfOpKind lower_blocking_skip (const Lower *L);
void lower_no_excl (Lower *L, gboolean take, const char *key, const char *reason);
void lower_dead (Lower *L, RfLoc loc);
gint lower_var (Lower *L, const char *name, RfVarKind kind, RfLoc loc);
void lower_access (Lower *L, GPtrArray *places, int mode, gboolean atomic, RfLoc loc);

/* rf-c-lower-resolve.c */
GPtrArray *lower_by_type (Lower *L, CType *want);
/* N allocates a new object at each call: a libc allocator, or a function of the program
 * that only wraps one (lower_alloc_wrappers, rf-c-lower-sites.c). */
gboolean lower_is_alloc (Lower *L, const char *n);
/* Likewise, but never the argument's object back (not realloc). */
gboolean lower_is_new_alloc (Lower *L, const char *n);
GPtrArray *lower_deref (Lower *L, CExpr *e);
/* rf-c-lower-owned.c: E is a load `X->f` (or `X.f`) of a pointer field its objects own,
 * with X another object than the representative: the pointer reaches another owned
 * object than the one a race would be on. */
gboolean lower_owned_other (Lower *L, CExpr *e);
/* Field FIELD of struct TAG is written by assignment SET alone in the whole program:
 * no other assignment, step, library call, copy of a whole struct or store through a
 * pointer may write it, nor is its address taken (the owned scan's rules, exact). */
gboolean lower_field_set_only (Lower *L, CTag *tag, const char *field, CExpr *set);
/* The struct tag member expression E selects from, or NULL. */
CTag *lower_member_tag (Lower *L, CExpr *e);
/* A and B are the same struct, or may be (one name; anonymous ones alike). */
gboolean lower_same_tag (CTag *a, CTag *b);
GPtrArray *lower_lval (Lower *L, CExpr *e);
GPtrArray *lower_value_places (Lower *L, CExpr *e, CType *want);

/* rf-c-lower-expr.c */
void lower_eval_init (Lower *L, CInit *in);
void lower_eval (Lower *L, CExpr *e);
void lower_cond (Lower *L, CExpr *e, guint t, guint f);
/* T is variably modified (it holds an array whose size is not a constant). */
gboolean lower_type_is_vm (Lower *L, CType *t);
/* Evaluates the array sizes of type T (as a declaration, a cast or sizeof does). */
void lower_eval_vla_sizes (Lower *L, CType *t);

/* rf-c-lower-stmt.c */
void lower_stmt (Lower *L, CStmt *s);
/* S assigns D or takes its address, or holds a label (or a case of an enclosing
 * switch) that lowering it twice would merge. */
gboolean lower_stmt_touches (CStmt *s, CDecl *d);
/* The case and default labels (CStmt*) of switch body S, not those of nested switches. */
void lower_switch_cases (CStmt *s, GPtrArray *out);
/* E assigns D or takes its address. */
gboolean lower_expr_touches (CExpr *e, CDecl *d);
/* S takes the address of D somewhere. */
gboolean lower_stmt_takes_addr (CStmt *s, CDecl *d);
/* lower_stmt_takes_addr for a function's BODY, whose `&x`s are collected once
 * (L->addr_taken): asked for every local of every loop, a body is walked once. */
gboolean lower_body_takes_addr (Lower *L, CStmt *body, CDecl *d);

/* rf-c-lower-call.c */
void lower_access_through (Lower *L, CExpr *arg, int mode, gboolean atomic, RfLoc loc);
CDecl *lower_func_def (Lower *L, const char *name);
void lower_eval_args (Lower *L, CExpr *call, guint from);
GPtrArray *lower_callback_targets (Lower *L, CExpr *arg);
Frame *lower_frame_new (Lower *L, CDecl *fn, Frame *up, CExpr *call, gboolean shared);
void lower_frame_free (Frame *f);
void lower_inline (Lower *L, CDecl *fn, CExpr *call);
void lower_call_copy (Lower *L, CDecl *fn, guint entry, guint ret, RfLoc loc, const char *why);
void lower_call (Lower *L, CExpr *e);
void lower_state_note (Lower *L, const RfCLibcFunc *lib, RfLoc loc);

/* Endpoint: an end of an index range, E + OFF (E NULL: the constant OFF). */
typedef struct {
  CExpr *e;
  gint64 off;
} Endpoint;

/* IndexMax: the largest index the threads of a job type are given, max (an Endpoint),
 * unless two creates disagree (conflict: no bound known); nonneg: every create gives
 * an index of 0 or more (lower_index_nonneg). */
typedef struct {
  Endpoint max;
  gboolean conflict;
  gboolean nonneg;
} IndexMax;

/* CountedLoop: a loop in the canonical counted form above. init, bound: expressions
 * (borrowed; bound NULL for `while (i--)`); step: +1 or -1; cmp: the comparison with
 * the index on the left; lo, hi: the values the index has in the body, [lo, hi). */
typedef struct {
  CStmt *stmt;
  guint at;           /* the item of the block that sets the index (the loop's own for a for
                       * loop with its init, or with none; before it for a while loop) */
  CDecl *index;
  CExpr *init;
  COp cmp;
  CExpr *bound;
  gint step;
  CStmt *body;
  CStmt *step_stmt;   /* a while loop's step statement (last or first in its body), or NULL */
  CExpr *step_expr;   /* or its step inside the first statement (`pthread_join (t[i++], ...)`) */
  CExpr *guard;       /* lower_counted_guarded: the test ANDed after the counted one
                       * (`while (i < n && pthread_create (...) == 0)`), or NULL */
  Endpoint lo, hi;
} CountedLoop;

/* rf-c-lower-counted.c */
/* The declaration of plain identifier E (peeled), or NULL. */
CDecl *lower_ident_decl (CExpr *e);
/* The function (its body's declaration) that E names, `f` or `&f` through casts (a
 * start routine as pthread_create gets it), or NULL. */
CDecl *lower_func_named (Lower *L, CExpr *e);
/* The variable index expression E reads, through casts that keep every value of it
 * (`(size_t) i`, not `(char) i`), or NULL. */
CDecl *lower_index_decl (Lower *L, CExpr *e);
/* Converting a value of type FROM to type TO keeps it (the same type, or an integer type
 * that holds every value of FROM). */
gboolean lower_int_preserves (Lower *L, CType *to, CType *from);
/* Converting a thread's index of type FROM to type TO keeps it: TO holds every value of
 * FROM, or is an integer type of 32 bits or more (a create loop starts fewer than 2^31
 * threads: assumption 3). */
gboolean lower_keeps_thread_index (Lower *L, CType *to, CType *from);
/* Every conversion of E's casts, down to the value it converts, keeps a thread's index
 * of type T (lower_keeps_thread_index; pointer types count as keeping it, as
 * `(void *) (intptr_t) i` and back do). */
gboolean lower_casts_keep (Lower *L, CExpr *e, CType *t);
/* ITEMS[I] as a counted loop (a while loop takes its init from a statement before it:
 * CountedLoop.at). */
gboolean lower_counted_form (GPtrArray *items, guint i, CountedLoop *out);
/* The same, its ends allowed to read memory (the caller vouches that it does not
 * change while the loop runs): only that they do not name the index is checked. */
gboolean lower_counted_form_reads (GPtrArray *items, guint i, CountedLoop *out);
/* Expression E names variable D. */
gboolean lower_expr_names (CExpr *e, CDecl *d);
/* Every value index D has in the body of LOOP (a for loop stepping it in its header,
 * or a while loop stepping it last) is at most *MAX: its test `D < B` or `D <= B`,
 * with B made of constants and globals fixed while threads run. */
gboolean lower_index_max (Lower *L, CStmt *loop, CDecl *d, Endpoint *max);
/* The same, B also allowed variables with one value in every pass of LOOP
 * (lower_elems_fixed_var): a bound to compare with values the passes compute. */
gboolean lower_index_max_pass (Lower *L, CStmt *loop, CDecl *d, Endpoint *max);
/* Every value index D has in the body of LOOP is 0 or more: D unsigned, or LOOP a for
 * loop counting it up by one from a constant that is not negative. */
gboolean lower_index_nonneg (Lower *L, CStmt *loop, CDecl *d);
/* The first item of the loop CL at ITEMS[I] as the join plans scan it: its init's when
 * that is the item just before it, else its own (the statements between an init further
 * up and the loop are checked as the loop's surroundings). */
guint lower_counted_first (const CountedLoop *cl, guint i);
/* The same for a loop whose test is `COUNTED && GUARD` (out->guard: GUARD), which may
 * end the loop early: the caller must allow for that. */
gboolean lower_counted_guarded (GPtrArray *items, guint i, CountedLoop *out);
/* ITEMS[I], a loop with no init right after counted loop PREV on its index, as a
 * counted loop starting where PREV stops (PREV counting up from 0). */
gboolean lower_counted_after (GPtrArray *items, guint i, const CountedLoop *prev, CountedLoop *out);
/* T is an integer type (through typedefs). */
gboolean lower_int_type (Lower *L, CType *t);
/* Its width in bits and signedness (FALSE: T is no integer type). */
gboolean lower_int_width (Lower *L, CType *t, guint *bits, gboolean *is_signed);
/* T is a signed integer type. */
gboolean lower_int_is_signed (Lower *L, CType *t);
/* A and B have the same value wherever both are evaluated with the same values of
 * their variables: the same tree of constants, variables (SUBST, when not NULL, maps
 * a CDecl* to the expression it stands for: a helper's parameter to its argument),
 * members, casts to compatible types, sizeof of compatible types and arithmetic.
 * Structural, not textual: `n - (k - 1)` is not `n - k - 1`, nor `(char) n` n. */
gboolean lower_same_value (Lower *L, CExpr *a, CExpr *b, GHashTable *subst);
gboolean lower_same_endpoint (Lower *L, Endpoint a, Endpoint b, GHashTable *subst);
/* E as an endpoint: an expression plus a constant (`n + 1`: n, 1). */
Endpoint lower_endpoint (CExpr *e);
/* [LO1, HI1) and [LO2, HI2) have as many values: the same expressions at both ends,
 * and their constants differ alike. */
gboolean lower_same_length (Lower *L, Endpoint lo1, Endpoint hi1, Endpoint lo2, Endpoint hi2, GHashTable *subst);
/* A and B print the same (c_expr_text). */
gboolean lower_same_text (CExpr *a, CExpr *b);
/* The variables expression E reads, appended to OUT; FALSE when E is not made only of
 * constants, variables, members of them, casts, sizeof and arithmetic. */
gboolean lower_value_vars (CExpr *e, GPtrArray *out);

/* The index of loop S when each pass of a run of S sees its own value of it, or NULL. */
CDecl *lower_distinct_index (Lower *L, CStmt *s);
/* rf-c-lower-sites.c: local pointer V of function FN only ever holds null or a new
 * allocation (its initialiser and every assignment; never stepped, its address never
 * taken): indexing it counts from the start of one object. */
gboolean lower_fresh_local (Lower *L, CDecl *v, CDecl *fn);

/* rf-c-lower-elems.c */
/* A split of loop S when it creates threads given elements `&base[index]`, pushed
 * (its role ELEM_NONE), or NULL. */
ElemSplit *lower_elems_begin (Lower *L, CStmt *s);
void lower_elems_end (Lower *L, ElemSplit *sp);
/* Statement S holds expression node E. */
gboolean lower_stmt_holds (CStmt *s, CExpr *e);
/* D holds the index the running thread was given (its parameter, a copy of it, a
 * thread-local set to it first thing). */
gboolean lower_thread_index_var (Lower *L, CDecl *d);
/* rf-c-lower-range.c: K is the index of a `for` loop over the running thread's own
 * chunk, [id * C, id * C + C), of array BASE, which nothing splits by index (see there). */
gboolean lower_range_of_thread (Lower *L, CExpr *base, CDecl *k);
/* The role of `BASE[IDX]` in the pass being lowered: ELEM_NONE when no split applies. */
gint lower_elems_role (Lower *L, CExpr *base, CExpr *idx);
/* The role of the object allocation call CALL made in the pass being lowered. */
gint lower_elems_site_role (Lower *L, CExpr *call);
/* The allocation site whose object the element E (`A[i]`) holds in a pass of an object
 * split with that holder, or NULL. */
CExpr *lower_elems_held_element (Lower *L, CExpr *e);
/* The role of pthread_create CREATE's argument: the index of a value split, the running
 * thread's own index handed on to its child, or an element of the pass that holds
 * the pass's index (*DEREF set: the thread reads it through its argument); *INDEX: the
 * variable whose type the index has (the split's, or the one given at the thread's
 * own creation); *MAX (when *HAS_MAX): no thread given an index this way gets one above
 * it (lower_index_max, or the running thread's own bound handed on). */
gint lower_elems_value_role (Lower *L, CExpr *create, CDecl **index, gboolean *deref, Endpoint *max,
                             gboolean *has_max);
/* Around resolving the value local D of frame F was initialised with (an alias):
 * splits of F whose body does not declare D do not apply. */
void lower_elems_alias_enter (Lower *L, CDecl *d, Frame *f);
void lower_elems_alias_leave (Lower *L, CDecl *d, Frame *f);
/* D (a local or parameter) has one value all through BODY: not assigned there, its
 * address never taken. */
gboolean lower_elems_fixed_var (Lower *L, CDecl *d, CStmt *body);
/* B (an array or pointer) denotes the same address all through BODY. */
gboolean lower_elems_fixed_base (Lower *L, CExpr *b, CStmt *body);
/* B is an array variable or an array member of one (indices from its start). */
gboolean lower_elems_named_array (Lower *L, CExpr *b);
/* A statement visitor adding the locals a statement declares to DATA (a set). */
CVisitResult lower_elems_collect_inner (CStmt *s, gpointer data);
/* The role of pointer variable D's target under a guess, or ELEM_NONE. */
gint lower_elems_ptr_role (Lower *L, CDecl *d);

/* rf-c-lower-argfields.c */
/* The fields the pass being lowered sets in the object it gives pthread_create CREATE
 * (a new ArgFields, or NULL when none holds a value of the pass's index): *ROLE and
 * *INDEX the pass's role and index, *MAX (when *HAS_MAX) the largest index. */
ArgFields *lower_argfields_at_create (Lower *L, CExpr *create, gint *role, CDecl **index, Endpoint *max,
                                      gboolean *has_max);
void lower_argfields_free (ArgFields *af);
/* In a thread given fields: E (`a->f`, a its argument) holds the value the set of f
 * gave it (an expression of the creating function, its index standing for the
 * thread's), or NULL. */
CExpr *lower_argfield_value (Lower *L, CExpr *e);
/* E reads the thread's index through a field (its value is the creating loop's index). */
gboolean lower_argfield_is_index (Lower *L, CExpr *e);
/* E (a pointer) is the running thread's argument: its start routine's parameter, or a
 * local initialised with it (through casts), neither ever assigned nor its address
 * taken, in a start routine that is not recursive. */
gboolean lower_thread_arg (Lower *L, CExpr *e);
/* D is the creating loop's index (standing for the thread's) or one of the fixed
 * variables of the thread's fields' values. */
gboolean lower_argfield_index_decl (Lower *L, CDecl *d);
gboolean lower_argfield_fixed (Lower *L, CDecl *d);
/* E is a field of the thread's object its pass set to a named array of the creating
 * function: an array variable, or a local pointer only ever given new allocations
 * (lower_fresh_local). */
gboolean lower_argfield_named (Lower *L, CExpr *e);
/* E is a field of the thread's object its pass set to `&A[X]` or `A + X`, A a named
 * array of the creating function whose elements the field points to as they are:
 * *ARRAY (A) and *OFFSET (X). */
gboolean lower_argfield_offset (Lower *L, CExpr *e, CExpr **array, CExpr **offset);

/* rf-c-lower-guess.c */
/* PS (one place) is the representative cell of itself: rep_cell. */
void lower_rep_grant (Lower *L, GPtrArray *ps);
/* The one place of PS is the representative cell's part (rep_cell), so that the
 * synchronisation object there is one object. */
gboolean lower_rep_exact (Lower *L, GPtrArray *ps);
/* PS is one synchronisation object's place: one place, of an object that is no summary
 * and no array element, or a representative cell's part. */
gboolean lower_one_object (Lower *L, GPtrArray *ps);
/* Lowers items I.. of BLOCK once per role of a guess when item I takes a lock the
 * rest reaches its data through; FALSE (nothing lowered) when no guess applies. */
gboolean lower_guess_block (Lower *L, CStmt *block, guint i);

/* rf-c-lower-joinall.c */
void lower_joinall_plan_free (JoinAllPlan *plan);
/* Before item I of BLOCK: a plan when it is a create loop a later join loop matches. */
void lower_joinall_block_begin (Lower *L, CStmt *block, guint i);
/* The plan whose create call CALL is, when lowered where the plan holds, or NULL. */
JoinAllPlan *lower_joinall_for_create (Lower *L, CExpr *call);
/* After statement S: S is a plan's join loop: its threads have all ended. */
void lower_joinall_after (Lower *L, CStmt *s);
/* CALL is the pthread_join of a plan's join loop (which waits for every thread). */
gboolean lower_joinall_is_join (Lower *L, CExpr *call);
/* The edges of the current job from FROM on are CALL's writes of its handle slot. */
void lower_joinall_slot_written (Lower *L, CExpr *call, guint from);
/* After lowering: a claim whose handle slots something else writes is withdrawn. */
void lower_joinall_check (Lower *L);
/* The RF_OP_JOINALL edges EDGES ((job, edge) pairs) become skips, with warning MSG at LOC. */
void lower_joinall_withdraw (Lower *L, GArray *edges, RfLoc loc, const char *msg);
/* Semaphore S is posted by threads of P's jobs alone, each at most once along every
 * path: NULL, or why not. */
const char *lower_joinall_posts_broken (Lower *L, JoinAllPlan *p, gint s);
/* S may leave early: a goto, a label, a break or continue out of it, a return (but
 * main's, MAIN_TOP, or one whose value RET sends to the end of the program). */
gboolean lower_joinall_jumps (Lower *L, CStmt *s, gboolean main_top, const RetCheck *ret);

/* rf-c-lower-joinall-elem.c */
/* SP, a create loop's element split: plans whose join loop reads its base back. */
void lower_joinall_elem_create_loop (Lower *L, ElemSplit *sp);
/* The split of S when it is such a plan's join loop (a new ElemSplit), or NULL. */
ElemSplit *lower_joinall_elem_join_loop (Lower *L, CStmt *s);
/* The semaphore the thread created now (plan P, handle H) posts: SEM, or its role's. */
gint lower_joinall_elem_create_sem (Lower *L, JoinAllPlan *p, CExpr *h, gint sem);
/* The semaphores join CALL of handle semaphore SEM may take, in SEMS (1 or 2 of them):
 * their number. */
guint lower_joinall_elem_join_sems (Lower *L, CExpr *call, gint sem, gint *sems);

/* rf-c-lower-joinall-site.c */
/* ITEMS[I] of MAIN_FN's block as a loop of a plan: the loop itself, or a statement
 * calling a helper whose body holds one loop (see the file's approach). */
gboolean lower_join_site (Lower *L, GPtrArray *items, guint i, CDecl *main_fn, JoinSite *out);
/* SITE's helper (if any) has nothing after its loop but a return: a create helper. */
gboolean lower_join_site_create_shape (const JoinSite *site);
/* Adds to SUBST what SITE's helper's parameters (and returned local) stand for in main:
 * CDecl* -> CExpr* (made ones kept in OWNED). */
void lower_join_site_bind (Lower *L, const JoinSite *site, GHashTable *subst, GPtrArray *owned);
/* The variables E reads, each of SUBST replaced by its expression's, added to OUT;
 * *OK set FALSE when E is no value expression (lower_value_vars). */
void lower_join_site_vars (CExpr *e, GHashTable *subst, GPtrArray *out, gboolean *ok);
/* rf-c-lower-joinall-barrier.c */
/* The create loop ITEMS[I] (CL, CREATE, at CSITE) starts the threads of a barrier
 * initialised before it to their number (plus one: *MAIN_WAITS, main waits at it once
 * after the loop), each waiting at it once: the barrier in *BARRIER. */
gboolean lower_joinall_barrier (Lower *L, GPtrArray *items, guint i, const CountedLoop *cl, CExpr *create,
                                const JoinSite *csite, CDecl **barrier, gboolean *main_waits);
/* pthread_barrier_wait call E at LOC of a plan's barrier, lowered (TRUE), or FALSE. */
gboolean lower_joinall_barrier_wait (Lower *L, CExpr *e, RfLoc loc);
/* After statement S of main: S is a barrier plan's create loop, main posts looped$b. */
void lower_joinall_barrier_looped (Lower *L, CStmt *s);
/* After lowering: a barrier claim whose threads may wait twice is withdrawn. */
void lower_joinall_barrier_check (Lower *L);

/* rf-c-lower-joinall-count.c */
/* ITEMS[K] of main's block is a loop waiting on a counter until every thread the
 * create loop ITEMS[I] (CL, its CREATE call, at CSITE) started has stepped it: the
 * counter in *COUNTER. */
gboolean lower_joinall_count (Lower *L, GPtrArray *items, guint i, guint k, const CountedLoop *cl, CExpr *create,
                              const JoinSite *csite, CDecl **counter);
/* The wait loop WL (ITEMS[K]) takes a token per thread the create loop ITEMS[I] (CL,
 * CREATE) started, counted by main in a local K (`started++` after each create that
 * succeeded), from 0 up to K: the create loop may then be left early. */
gboolean lower_joinall_started (Lower *L, GPtrArray *items, guint i, guint k, const CountedLoop *cl, CExpr *create,
                                const CountedLoop *wl);
/* The if statement of BODY (a pass of a create loop) whose test is true when CREATE
 * failed: `if (pthread_create (...))`, `!= 0`, or the same on `rc` assigned the
 * result in the test or in the statement just before; NULL when there is none. */
CStmt *lower_joinall_failure_branch (GPtrArray *body, CExpr *create);
/* SET (CDecl*, updated) and every function it may call, over the call graph. */
void lower_calls_closure (Lower *L, GHashTable *set);
/* FN's address is taken exactly once in the program (every function body and
 * file-scope initializer looked at) and nobody calls it by name. */
gboolean lower_joinall_started_once (Lower *L, CDecl *fn);
/* MINE: S and what it calls; OTHER: what any other start routine, callback or function
 * main calls may reach (CDecl* sets, filled). A function of MINE not in OTHER runs only
 * in threads started at S. */
void lower_joinall_thread_sets (Lower *L, CDecl *s, CDecl *main_fn, GHashTable *mine, GHashTable *other);
/* After lowering the change E of a variable: a step of a count wait's counter by a
 * thread posts its pseudo-semaphore finished$C. */
void lower_joinall_count_step (Lower *L, CExpr *e);
/* The functions that may run while main runs ITEMS[FROM..TO] (see rf-c-lower-joinall.c). */
GHashTable *lower_joinall_region_funcs (Lower *L, GPtrArray *items, guint from, guint to);
/* Every variable of VARS keeps its value while main runs ITEMS[FROM..TO]. */
gboolean lower_joinall_stable (Lower *L, GPtrArray *vars, GPtrArray *items, guint from, guint to, CDecl *main_fn,
                               GHashTable *funcs);

/* Adds to *CALLS the calls of FN by name in S (or initializer IN), to *NAMES every
 * mention of its name there (the calls' too). */
void lower_fn_uses (CDecl *fn, CStmt *s, CInit *in, guint *calls, guint *names);
/* The constant VALUE returned ends the program by the test RC. */
gboolean lower_ret_check_ends (const RetCheck *rc, CExpr *value);
/* Every variable of VARS is a global or main's own (a parameter, a local of its body). */
gboolean lower_join_main_or_global (CDecl *main_fn, GPtrArray *vars);
/* The member paths of the variables value E reads, added to READS (CDecl* -> set of
 * interned paths, "" the whole variable); a parameter SUBST replaces reads its
 * argument's variables whole. */
void lower_join_value_paths (Lower *L, CExpr *e, GHashTable *subst, GHashTable *reads);
/* Static variable D has its address taken only at members that overlap none of the
 * paths READS (pre.addr_members): no pointer reaches those parts. */
gboolean lower_join_parts_unreached (Lower *L, CDecl *d, GHashTable *reads);

/* rf-c-lower-sync.c */
void lower_handle_mark (Lower *L, CDecl *d, int state);
void lower_demote (Lower *L, GPtrArray *places, const char *why);
CDecl *lower_handle_root (Lower *L, CExpr *e, GString *path);
gint lower_handle_sem (Lower *L, CExpr *e);
/* The same semaphore for the threads of one role (ROLE: its name's suffix), for the
 * handle of a join plan (whose checks stand for its being joinable). */
gint lower_handle_sem_role (Lower *L, CExpr *e, const char *role);
/* The synchronisation object ARG denotes exactly, or -1 (rf-c-lower-sync.c). */
gint lower_sync_var (Lower *L, CExpr *arg, RfVarKind kind, RfLoc loc, gboolean releases);
void lower_trylock (Lower *L, CExpr *call, guint success, guint failure);
void lower_create_checked (Lower *L, CExpr *call, guint success, guint failure);
void lower_lock_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_rwlock_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_try_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_wait_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_signal_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_once_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_sem_init_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_sem_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_nosync_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);

/* rf-c-lower-detach.c */
void lower_handle_note (Lower *L, CDecl *d, const char *path, gboolean role, guint sem);
void lower_detach_prepass (Lower *L, CExpr *call);
void lower_self_prepass (Lower *L, CDecl *d);
gboolean lower_join_self (Lower *L, CExpr *e, RfLoc loc);
void lower_detach_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
/* rf-c-lower-jump.c */
/* CALL is a setjmp (a target a longjmp may come back to from anywhere). */
gboolean lower_is_setjmp (CExpr *call);
/* The job's jumps: forgotten at its start, their edges added at its end. */
void lower_jumps_begin (Lower *L);
void lower_jumps_finish (Lower *L);
/* setjmp, longjmp, the registration of a cleanup handler and its end, unwinding on. */
void lower_jump_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
/* The thread unwinds from the current node (cancellation, pthread_exit) to the
 * innermost cleanup handler open on the path (TRUE); FALSE when none is (it ends). */
gboolean lower_unwind (Lower *L, RfLoc loc, const char *text);
/* Around a shared copy of a function: its unwinds may go to any caller's handler. */
void lower_jump_share_begin (Lower *L, GArray **saved);
void lower_jump_share_end (Lower *L, GArray *saved);

void lower_create_detached (Lower *L, CExpr *e, gint sem, RfLoc loc);
/* Adds to TOUCHED the detached attributes of L->priv.fresh that statement S (or
 * expression E) may change; after S, lower_detach_gen adds the attribute it sets
 * detached. */
void lower_detach_touched (Lower *L, CStmt *s, CExpr *e, GHashTable *touched);
void lower_detach_gen (Lower *L, CStmt *s);

/* rf-c-lower-jobs.c */
guint lower_job_add (Lower *L, CDecl *fn, const char *base, RfStartKind start, guint count, gint sem);
void lower_handler_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_signal_handler_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_create_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
void lower_join_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
/* The job JOB_ID runs FN; RUN_FIRST (or NULL): functions its thread runs before FN's
 * body, each at most once, in any order (main: the constructors); CREATE_AFTER
 * (or NULL): module entries it starts after FN returns, any number of times. */
void lower_job (Lower *L, guint job_id, CDecl *fn, GPtrArray *run_first, GPtrArray *create_after);
void lower_external_roots (Lower *L);
void lower_points_analyse (Lower *L, GPtrArray *started);
void lower_client_roots (Lower *L, GPtrArray *entries);
GArray *lower_entry_jobs (Lower *L, CDecl *fn, RfStartKind start);
void lower_callback_jobs (Lower *L);
/* The functions with a constructor attribute (CDecl* of their bodies, in file order). */
GPtrArray *lower_constructors (Lower *L);

/* rf-c-lower-prepass.c */
void lower_prepass (Lower *L);

/* rf-c-lower-sites.c */
void lower_alloc_wrappers (Lower *L);
void lower_once_sites (Lower *L);
void lower_static_writes (Lower *L);
void lower_fresh_globals (Lower *L);
void lower_stable_globals (Lower *L);
/* The number of leading statements of main's body that start no other thread (nor
 * handler); 0 when main is called or its address taken, or there is none. */
guint lower_main_prefix (Lower *L);

/* rf-c-lower-fresh.c */
void lower_private_sites (Lower *L);
void lower_fresh_kill (Lower *L, CStmt *s, CExpr *e, int ctx);
/* Statement S assigns local pointer D or lets its value out. */
gboolean lower_fresh_touches (Lower *L, CStmt *s, CDecl *d);
GHashTable *lower_fresh_copy (GHashTable *set);
void lower_fresh_meet (Lower *L, GHashTable *other);
void lower_fresh_gen_in_test (Lower *L, CExpr *cond);
void lower_fresh_gen_stmt (Lower *L, CStmt *s);

/* rf-c-lower-values.c */
/* The pre-pass: which static scalars are value variables (pre.values). */
void lower_values_scan (Lower *L);
void lower_value_dom_free (gpointer dom);
/* The value variable of static scalar D, or NULL. */
ValueDom *lower_value_dom (Lower *L, CDecl *d);
/* What parameter P stands for while the scan SC runs (Binding), or NULL. */
Binding *lower_value_bind (ValueScan *sc, CDecl *p);

/* rf-c-lower-vforms.c */
/* The static scalar pointer E points to (`&D`, or a parameter bound to it), or NULL. */
CDecl *lower_value_ptr_target (Lower *L, CExpr *e);
/* The constant values E may have, appended to OUT (a constant, or a parameter bound to
 * constants); FALSE when E is no such expression. */
gboolean lower_value_consts (Lower *L, CExpr *e, GArray *out);
/* E's one constant value, in *OUT. */
gboolean lower_value_const1 (Lower *L, CExpr *e, gint64 *out);
/* The static scalar lvalue E denotes: D itself, a member `S.m` of a struct variable
 * (a declaration of its own, lower_value_member_of), or `*p` with p pointing to one. */
CDecl *lower_value_lvalue (Lower *L, CExpr *e);
/* M is a struct member taken as a declaration of its own: its object *REAL and member
 * path *PATH (".a.b"). */
gboolean lower_value_member_of (Lower *L, CDecl *m, CDecl **real, const char **path);
void lower_value_members_free (Lower *L);
/* The variable E (a member chain `s.a.b` of a struct variable, or the variable alone)
 * is rooted at, its member path in PATH (".a.b"; empty for the variable), or NULL. */
CDecl *lower_value_chain (Lower *L, CExpr *e, GString *path);
/* E (peeled) as an atomic operation on a static scalar, in OUT. */
gboolean lower_value_atomic (Lower *L, CExpr *e, Vop *out);
/* V converted to D's type, in *OUT; FALSE when the type does not hold it as it is. */
gboolean lower_value_convert (Lower *L, CDecl *d, gint64 v, gint64 *out);
/* X as the value of a variable: a read of it or an atomic operation that returns it. */
gboolean lower_value_expr (Lower *L, CExpr *x, ValueTest *vt);
/* Condition E (no && || ! at its top) as a test of a variable's value. */
gboolean lower_value_test (Lower *L, CExpr *e, ValueTest *vt);
gboolean lower_value_compare (COp op, gint64 a, gint64 b);
/* E's value when it is known where it is lowered: a constant, a parameter whose
 * argument is one (through the frames), or a comparison, ! && || of such. */
gboolean lower_value_const (Lower *L, CExpr *e, gint64 *out);

/* rf-c-lower-vmoves.c */
/* Condition E (no && || ! at its top) on a value variable, lowered from the current
 * node to T or F by its value (TRUE); FALSE when E is no such test. */
gboolean lower_value_cond (Lower *L, CExpr *e, guint t, guint f);
/* After lowering E (an assignment, a call, a statement expression): its change of a
 * value variable. */
void lower_value_step (Lower *L, CExpr *e);
/* A switch on E, a value variable's value, from the current node to the nodes of its
 * CASES (CStmt* -> node + 1 in NODES) by value, or to OUT (TRUE); FALSE when E is no
 * such value or a case label is no constant. */
gboolean lower_value_switch (Lower *L, CExpr *e, GPtrArray *cases, GHashTable *nodes, guint out);

/* rf-c-lower-split.c */
/* Item I of BLOCK starts a split: the rest of BLOCK lowered once per truth of a
 * condition on unchanging locals (TRUE); FALSE when it does not. */
gboolean lower_split_block (Lower *L, CStmt *block, guint i);
/* The path being lowered knows the truth of condition E (in *TRUTH). */
gboolean lower_split_decides (Lower *L, CExpr *e, gboolean *truth);
/* A switch on E, a local whose value the path being lowered knows, from the current
 * node to the node of its case (CASES: CStmt* -> node + 1 in NODES) or to OUT (TRUE);
 * FALSE when the path does not tell which case. */
gboolean lower_split_switch (Lower *L, CExpr *e, GPtrArray *cases, GHashTable *nodes, guint out);

/* rf-c-lower-svcomp.c */
/* The pre-pass: whether every function's atomic sections are structured. */
void lower_svcomp_scan (Lower *L);
/* __VERIFIER_atomic_begin, __VERIFIER_atomic_end, __VERIFIER_assume. */
void lower_svcomp_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc);
/* CALL of DEF, a function named __VERIFIER_atomic_*, inlined as an atomic section
 * (TRUE); FALSE for any other function. */
gboolean lower_svcomp_inline (Lower *L, CDecl *def, CExpr *call);

/* rf-c-lower-finish.c */
void lower_note_accesses (Lower *L);
void lower_apply_demotions (Lower *L);
void lower_recursive_mutexes (Lower *L);

/* rf-c-lower-share.c: functions lowered once per job when the program is too large.
 * Levels: 0 shares what the size estimate calls for; 1 also every function called
 * from two places or more whose estimate is at least LOWER_SHARE_MIN; 2 every function
 * called from two places or more. A job's nodes are capped at LOWER_NODE_CAP_TRY below
 * the last level (then the next is tried), at LOWER_NODE_CAP at the last (an error). */
#define LOWER_SHARE_LEVELS 2
#define LOWER_SHARE_MIN 64.0
#define LOWER_NODE_CAP_TRY 250000
#define LOWER_NODE_CAP 1000000
void lower_share_plan (Lower *L);
gboolean lower_share_reuse (Lower *L, CDecl *fn, RfLoc loc);
gboolean lower_share_begin (Lower *L, CDecl *fn);
void lower_share_done (Lower *L, CDecl *fn, guint entry, guint ret);

G_END_DECLS
