/* rf-race: the race query. For each data variable v, the bad set is
 * {Write_v >= 2} u {Read_v >= 1, Write_v >= 1}: two threads in the middle of accesses
 * of v, one writing; when rwlock claims exclude some pairs of access places, it is
 * the union of the other pairs. The engine decides coverability (and replays its
 * witness); a race witness is turned into an interleaving of named threads, and its
 * racing accesses and the program's notes on them are worked out once, here, for every
 * report to read. */
#pragma once

#include <glib.h>
#include "rf-cover.h"
#include "rf-net.h"
#include "rf-program.h"
#include "rf-race-quick.h"

G_BEGIN_DECLS

/* RfThreadStep: one step of an interleaving: thread `thread` (1-based, named in order
 * of first appearance: T1, T2, ...) of job type `job` fires `transition`. */
typedef struct {
  guint thread;
  gint job;
  guint transition;
} RfThreadStep;

/* RfThreadState: where thread `thread` of job `job` is at the end (a control place),
 * or, when ended, the place it was on when a transition emptied that place (a reset:
 * the thread is gone); creator and created_step: the thread whose step (1-based in the
 * interleaving) created it, or 0 and 0 for a thread there from the start. */
typedef struct {
  guint thread;
  gint job;
  guint place;
  gboolean ended;
  guint creator;
  guint created_step;
} RfThreadState;

/* RfInterleaving: a witness as thread steps; built by following each control token (a
 * transition that resets a control place ends the threads on it). */
typedef struct {
  GArray *steps;   /* RfThreadStep */
  GArray *final;   /* RfThreadState, by thread id, only threads that moved */
} RfInterleaving;

void rf_interleaving_free (RfInterleaving *il);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfInterleaving, rf_interleaving_free)

/* Follows the threads of W through NET. */
RfInterleaving *rf_interleaving_new (const RfNet *net, const RfWitness *w);

/* RfHeld: a lock a thread holds: var, the var id of its lock or rwlock place; read,
 * TRUE when it is a read-write lock held for reading only. */
typedef struct {
  guint var;
  gboolean read;
} RfHeld;

/* The locks thread THREAD of IL holds after the first UPTO steps (all of them when
 * UPTO is past the end), in var id order, as an owned array of RfHeld: the lock places
 * (mutexes) and read-write lock places (held for writing) whose token one of its steps
 * took and no later one of its steps gave back; then the read-write locks the net's
 * claims (rf_net_add_rwlock_claim) say a thread on its control place holds for
 * reading (the net's tokens do not follow read holds, see net.md; where there is no
 * claim, a read hold is not shown). */
GArray *rf_interleaving_held (const RfNet *net, const RfInterleaving *il, guint thread, guint upto);

/* RfRaceSite: a thread in the middle of an access to the raced variable at the end of
 * a witness. loc and step are those of the access's begin transition (step is 1-based
 * in the interleaving); why lists the program's notes on that access
 * (rf_program_notes_at: why it is not protected), char*, owned; held the locks the
 * thread holds there (rf_interleaving_held: RfHeld), owned. */
typedef struct {
  guint thread;
  gint job;
  gboolean write;
  RfLoc loc;
  guint step;
  GPtrArray *why;
  GArray *held;
} RfRaceSite;

/* The racing accesses at the end of IL, a witness for data var VAR of NET that covers
 * TARGET (may be NULL: every thread in an access of VAR), in thread id order; their
 * notes from PROG (may be NULL: none). RfRaceSite, owned (the array frees each why). */
GArray *rf_race_sites (const RfProgram *prog, const RfNet *net, guint var, const RfInterleaving *il,
                       const RfMarking *target);

/* RfRacePair: two access statements of a racing variable, at least one a write (a
 * statement: the access places whose begin is at one source location with one kind;
 * a and b in (file, line, column, write) order, a == b for two threads at one
 * statement), and what is known of them: verdict RF_COVER_UNSAFE two threads can be in
 * them at once, RF_COVER_SAFE they cannot (proved: by a search, or searched is FALSE:
 * by the quick arguments, rf_race_quick_pair_excluded), RF_COVER_UNKNOWN the search ran
 * out of budget. witness: the pair of the verdict's own interleaving; steps: for a
 * race, the length of the witness the search found (the verdict's interleaving for the
 * witness pair). */
typedef struct {
  RfLoc a, b;
  gboolean a_write, b_write;
  RfCoverVerdict verdict;
  gboolean searched;
  gboolean witness;
  guint steps;
} RfRacePair;

/* The most pairs of one variable searched (the others are listed as not checked), and
 * the markings one pair's search may keep (a tuning constant: with no budget given, a
 * pair's search stays bounded, and its verdict does not depend on the machine). */
#define RF_RACE_MAX_PAIRS 16
#define RF_RACE_PAIR_MAX_MARKINGS 20000

/* RfRaceVerdict: the answer for one data variable, with what every report says of a
 * race computed once. Invariant: interleaving, target, sites and notes are non-NULL
 * exactly when the result is unsafe; lead < sites->len unless sites is empty; proof is
 * nonzero exactly when the result is safe, and argument non-NULL exactly when proof is
 * not RF_RACE_PROOF_SEARCH (a quick argument, rf-race-quick.h: then the result holds
 * no search, its stats are zero but for the seconds the argument took). */
typedef struct {
  guint var;
  char *name;              /* owned */
  RfCoverResult *result;   /* owned; its witness replayed by the engine */
  RfInterleaving *interleaving;  /* owned, non-NULL iff the result is unsafe */
  RfMarking *target;       /* owned, non-NULL iff the result is unsafe: the bad marking
                            * the witness covers */
  GArray *sites;           /* RfRaceSite, owned: the racing accesses (rf_race_sites) */
  guint lead;              /* the index in sites of the access a report leads with: the
                            * first write, else 0 */
  GPtrArray *notes;        /* char*, owned: why the racing accesses are not protected,
                            * every site's why once, in site order */
  RfRaceProof proof;       /* the arguments of a race-free verdict (flags) */
  char *argument;          /* owned: the quick argument in words, or NULL */
  GArray *pairs;           /* RfRacePair, owned, or NULL: the pairs of access statements
                            * with a write decided or searched (rf_race_find_pairs), in
                            * (a, b) order */
  guint pairs_unchecked;   /* the pairs not searched (past RF_RACE_MAX_PAIRS searches) */
  gboolean searched;       /* a search ran (no quick argument proved it, a budget left) */
  guint focus_places;      /* the size of the focused net the search ran on, or 0 and 0 */
  guint focus_transitions; /* when it ran on the whole net (or there was no search) */
} RfRaceVerdict;

void rf_race_verdict_free (RfRaceVerdict *v);

/* The bad markings for data var VAR: {Write*2}, {Read, Write}; or, when an rwlock claim
 * of NET excludes a pair of access places of VAR, every other pair {pa, pb} of access
 * places with a write among them ({pa*2} for two threads on one). RfMarking*, owned. */
GPtrArray *rf_race_targets (const RfNet *net, guint var);

/* The verdict for data variable VAR of PROG (its net NET): QUICK's arguments first
 * (QUICK, made for NET, may be NULL: none; they are not tried when BUDGET asks for a
 * certificate, which only a search gives), else one coverability search with BUDGET
 * (may be NULL) and progress_label set to the variable's name. With FOCUS (and no
 * certificate asked for), the search runs on PROG's net focused on VAR
 * (rf_netbuild_focus: same verdict, fewer places), and a race found there is carried
 * over to NET (rf_race_focus_expand): the verdict's witness is always one of NET.
 * Owned. */
RfRaceVerdict *rf_race_check_var (const RfProgram *prog, const RfNet *net, const RfRaceQuick *quick,
                                  guint var, const RfCoverBudget *budget, gboolean focus);

/* The most replays rf_race_shorten makes (a tuning constant: it bounds the work, and
 * the result does not depend on the machine). */
#define RF_RACE_SHORTEN_MAX_REPLAYS 2000

/* Shortens witness W of NET (a firing sequence from W->initial covering TARGET) while
 * it stays one: cuts a stretch of one thread's steps that goes once around a loop or
 * ends the thread's part, with the steps of the threads it created, as long as the
 * rest still fires and covers TARGET (see rf-race-shorten.c for the rule the result
 * meets); W->final follows. */
void rf_race_shorten (const RfNet *net, RfWitness *w, const RfMarking *target);

/* The racing pair of race verdict RV's witness: *LEAD the access a report leads with
 * (the first write) and *OTHER the first other one (either NULL when RV has fewer
 * sites). Borrowed. */
void rf_race_verdict_pair (const RfRaceVerdict *rv, const RfRaceSite **lead, const RfRaceSite **other);

/* Fills RV->pairs for race verdict RV of net NET, over every pair of access
 * statements of its variable with a write that an rwlock claim does not exclude: the
 * pair of RV's own witness is a race; a pair QUICK's arguments exclude (QUICK may be
 * NULL: none) cannot race; each other one, up to RF_RACE_MAX_PAIRS of them, is a
 * coverability search with BUDGET (may be NULL; at most RF_RACE_PAIR_MAX_MARKINGS
 * markings, a RF_RACE_MAX_PAIRS-th of its timeout, no certificate; none when BUDGET has
 * a deadline); the rest are counted in RV->pairs_unchecked. With FOCUS, each search
 * runs on PROG's net focused on the variable (rf_race_check_var's FOCUS). Nothing for
 * a verdict that is not a race. */
void rf_race_find_pairs (const RfProgram *prog, const RfNet *net, const RfRaceQuick *quick, RfRaceVerdict *rv,
                         const RfCoverBudget *budget, gboolean focus);

/* One verdict per data variable, in var id order (rf_race_check_var on each, with
 * the quick arguments, FOCUS passed on). RfRaceVerdict*, owned. */
GPtrArray *rf_race_check (const RfProgram *prog, const RfNet *net, const RfCoverBudget *budget, gboolean focus);

/* How many of VERDICTS (RfRaceVerdict*) are races, race-free and unknown. */
void rf_race_count (GPtrArray *verdicts, guint *n_race, guint *n_free, guint *n_unknown);

G_END_DECLS
