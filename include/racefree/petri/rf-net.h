/* rf-net: place/transition nets with source information, the engine's input.
 *
 * A net has places (control places of job types, shared places for data accesses,
 * locks and signals) and transitions (input and output token vectors, and a set of
 * places each empties: reset arcs). Every place
 * and transition remembers where it came from (job type, source location, text) so
 * that witnesses and pictures speak the user's language. Nets read from benchmark
 * formats simply leave that information empty. */
#pragma once

#include <glib.h>
#include "rf-diag.h"
#include "rf-marking.h"

G_BEGIN_DECLS

typedef enum {
  RF_PLACE_CONTROL,  /* a thread of job `job` at a program location */
  RF_PLACE_READ,     /* Read_v: a thread is reading var `var` */
  RF_PLACE_WRITE,    /* Write_v: a thread is writing var `var` */
  RF_PLACE_LOCK,     /* lock `var`, one token while free */
  RF_PLACE_SIGNAL,   /* pending signals of cond `var` */
  RF_PLACE_SEM,      /* semaphore `var`: one token per unit of its value */
  RF_PLACE_RWLOCK,   /* read-write lock `var`, one token while no writer holds it */
  RF_PLACE_VALUE,    /* value variable `var` holds one of its values: one place per value,
                      * one token among them */
  RF_PLACE_PLAIN,    /* a place of a net read from a file */
} RfPlaceKind;

/* RfPlace: name owned; job = job-type index or -1; var = program var id or -1. final:
 * a control place where a thread of its job may end (its function returns or it calls
 * pthread_exit, with no further step: rf_net_set_place_final), for the misuse query. */
typedef struct {
  guint id;
  char *name;
  RfPlaceKind kind;
  gint job;
  gint var;
  RfLoc loc;
  char *activity;  /* owned, may be NULL: what a thread here is doing ("writing x") */
  gboolean final;
} RfPlace;

/* RfTransition: pre/post are token vectors (sorted by place, counts > 0), owned;
 * resets is the set R of places the transition empties (sorted, unique, owned; NULL
 * when n_resets is 0), which may overlap pre and post. The transition is enabled in M
 * when M >= pre, and firing it gives
 *   M' = reset_R(M - pre) + post,
 * where reset_R sets every place of R to 0: take the inputs, empty R, put the outputs.
 * For transitions of a job type: job >= 0, pc_from is the control place the moving
 * thread leaves, pc_to the one it reaches, spawn the entry place of a created thread
 * (or -1). These let a witness follow individual threads. waits_for: a lock place among
 * the inputs that a thread on pc_from about to fire this transition waits for (a
 * blocking lock of the program: it cannot give up and do something else), or -1 (the
 * default; set by rf_net_set_transition_waits_for): what a deadlock query reads.
 * blocks: a thread on pc_from about to fire this transition calls something that may
 * block it (a mutex lock, a condition wait, a semaphore wait or join, an rwlock lock, a
 * sleep; not a try, not a spinlock's spinning; set by rf_net_set_transition_blocks): what
 * the spinlock misuse query reads.
 * ctx: the call context of the program the transition comes from (an id the model
 * builder gives, RfContext of rf-program.h; set by rf_net_set_transition_context), or
 * -1 (the default): reports name the function and call stack of a step with it.
 * edge: the edge of job `job`'s program graph the transition was built from (an index
 * the net builder gives, set by rf_net_set_transition_edge), or -1 (the default): two
 * nets built from one program name their transitions' statements alike with it.
 * label owned. */
typedef struct {
  guint id;
  char *label;
  gint job;
  RfLoc loc;
  RfToken *pre;
  guint n_pre;
  RfToken *post;
  guint n_post;
  guint *resets;
  guint n_resets;
  gint pc_from;
  gint pc_to;
  gint spawn;
  gint waits_for;
  gint ctx;
  gint edge;
  gboolean blocks;
} RfTransition;

/* RfNetJob: a job type's name and entry place, for witness thread naming. */
typedef struct {
  char *name;
  gint entry;
} RfNetJob;

typedef struct _RfNet RfNet;

RfNet *rf_net_new (void);
void rf_net_free (RfNet *net);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfNet, rf_net_free)

guint rf_net_add_place (RfNet *net, const char *name, RfPlaceKind kind, gint job, gint var, RfLoc loc);
/* Token vectors in any order; normalised (sorted, merged) on the way in. */
/* Marks control place ID final (see RfPlace). */
void rf_net_set_place_final (RfNet *net, guint id);
/* Sets what a thread on control place ID is doing (copied), for reports. */
void rf_net_set_place_activity (RfNet *net, guint id, const char *activity);
guint rf_net_add_transition (RfNet *net, const char *label, gint job, RfLoc loc,
                             const RfToken *pre, guint n_pre, const RfToken *post, guint n_post,
                             gint pc_from, gint pc_to, gint spawn);
/* Makes PLACES[0..N) (any order; duplicates merged) the reset set of transition T,
 * replacing the one it had (a transition is added with none). */
void rf_net_set_transition_resets (RfNet *net, guint t, const guint *places, guint n);
/* Marks T, a transition of a job type with LOCK among its inputs, as a blocking lock:
 * waits_for = LOCK (a claim of the model builder, like the rwlock claims below). */
void rf_net_set_transition_waits_for (RfNet *net, guint t, guint lock);

/* Sets T's blocks (see RfTransition): a claim of the model builder. T moves a thread. */
void rf_net_set_transition_blocks (RfNet *net, guint t);
/* Sets T's ctx (see RfTransition). */
void rf_net_set_transition_context (RfNet *net, guint t, gint ctx);
/* Sets T's edge (see RfTransition). */
void rf_net_set_transition_edge (RfNet *net, guint t, gint edge);
guint rf_net_add_job (RfNet *net, const char *name, gint entry);

guint rf_net_n_places (const RfNet *net);
guint rf_net_n_transitions (const RfNet *net);
guint rf_net_n_jobs (const RfNet *net);
/* Reset arcs: the sum of the transitions' n_resets (0: a plain place/transition net). */
guint rf_net_n_resets (const RfNet *net);
const RfPlace *rf_net_get_place (const RfNet *net, guint id);
const RfTransition *rf_net_get_transition (const RfNet *net, guint id);
const RfNetJob *rf_net_get_job (const RfNet *net, guint id);
/* Returns the place id or -1. */
gint rf_net_lookup_place (const RfNet *net, const char *name);

/* The place of KIND (READ, WRITE, LOCK, SIGNAL) for program var VAR, or -1. */
gint rf_net_find_var_place (const RfNet *net, RfPlaceKind kind, gint var);

/* Initial marking: count tokens on place (replaces, not omega); or any number of
 * tokens at least the place's current count (omega: set the lower bound first). */
void rf_net_set_initial (RfNet *net, guint place, guint32 count);
void rf_net_set_initial_omega (RfNet *net, guint place);
/* Dense initial vector (n_places entries; for an omega place, its lower bound) and
 * omega flags; valid until the next add. */
const guint32 *rf_net_peek_initial (const RfNet *net);
const gboolean *rf_net_peek_omega (const RfNet *net);

/* P-invariant claims: non-negative weights such that sum_p weight(p) * M(p) is the
 * same in every reachable marking (e.g. a lock place plus the places where that lock
 * is held). Claims may come from a model builder or a file; nothing trusts them
 * unchecked: rf_net_check_invariants keeps only those that every transition's arcs
 * preserve (its outputs weigh what its inputs weigh; a reset of a weighted place lowers
 * the sum by what the place held, which leaves it an upper bound: at_most), and that
 * give no weight to an omega place. */
void rf_net_add_invariant (RfNet *net, const RfToken *weights, guint n);

/* RfInvariant: a checked P-invariant: sum_p weights(p) * M(p) == total in every
 * reachable marking (total from the initial marking), or <= total when at_most (some
 * transition resets a weighted place, which only lowers the sum: a join-all's reset of
 * the places where its threads hold a lock). weights owned. An engine may drop any
 * marking whose weighted sum exceeds total: no reachable marking covers it. */
typedef struct {
  RfMarking *weights;
  guint64 total;
  gboolean at_most;
} RfInvariant;

void rf_invariant_free (RfInvariant *inv);

/* The claims that hold, as a new array of RfInvariant* (owned). */
GPtrArray *rf_net_check_invariants (const RfNet *net);
guint rf_net_n_invariants (const RfNet *net);

/* RfHold: how a thread on a control place holds a read-write lock. */
typedef enum {
  RF_HOLD_NONE,   /* not held, or not known to be held */
  RF_HOLD_READ,   /* held for reading (once or more) */
  RF_HOLD_WRITE,  /* held for writing */
} RfHold;

/* Read-write lock claims. HOLDS has one entry per place of NET (copied): how every
 * thread on that control place holds the rwlock of place LOCK in every run of the
 * *program* (RF_HOLD_NONE for other places). Unlike a P-invariant, a claim is a fact
 * about the program, not about the net: the net over-approximates the rwlock (a writer
 * does not wait for the readers inside) and reaches markings the claim rules out, so
 * nothing here can check it; its builder must be sure of it. The race query uses it:
 * no two threads hold one rwlock at once with one of them writing. */
void rf_net_add_rwlock_claim (RfNet *net, guint lock, const RfHold *holds);
guint rf_net_n_rwlock_claims (const RfNet *net);
/* How a thread on PLACE holds the rwlock of claim K. */
RfHold rf_net_get_rwlock_hold (const RfNet *net, guint k, guint place);
/* The rwlock place (RF_PLACE_RWLOCK) claim K is about. */
guint rf_net_get_rwlock_claim_lock (const RfNet *net, guint k);
/* TRUE when a claim says that no two distinct threads are ever on places A and B at
 * once (A == B: two threads on A): both hold one rwlock, one of them for writing. */
gboolean rf_net_rwlock_excludes (const RfNet *net, guint a, guint b);

/* "name" or "name*3" list of a marking, e.g. "{Write_x*2, worker@3}". Owned. */
char *rf_net_marking_to_string (const RfNet *net, const RfMarking *m);

/* Transition T as text by place names: "{idle, lock} -> {cs}", with
 * " reset {done, worker@3}" when it resets places. Owned. */
char *rf_net_transition_to_string (const RfNet *net, const RfTransition *t);

/* The minimal predecessor of the upward closure of M through T, or NULL when there is
 * none (rf_marking_pre with T's vectors and resets). Owned. */
RfMarking *rf_net_transition_pre (const RfTransition *t, const RfMarking *m);
/* Fires T on the dense marking DENSE (rf_marking_fire_dense with T's resets): TRUE and
 * DENSE updated when T is enabled, FALSE and DENSE untouched otherwise. */
gboolean rf_net_transition_fire_dense (const RfTransition *t, guint32 *dense);

G_END_DECLS
