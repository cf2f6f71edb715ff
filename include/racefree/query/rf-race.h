/* rf-race: the race query. For each data variable v, the bad set is
 * {Write_v >= 2} u {Read_v >= 1, Write_v >= 1}: two threads in the middle of accesses
 * of v, one writing; when rwlock claims exclude some pairs of access places, it is
 * the union of the other pairs. The engine decides coverability and a race witness is
 * turned into an interleaving of named threads. */
#pragma once

#include <glib.h>
#include "rf-cover.h"
#include "rf-net.h"
#include "rf-program.h"

G_BEGIN_DECLS

/* RfThreadStep: one step of an interleaving: thread `thread` (1-based, named in order
 * of first appearance: T1, T2, ...) of job type `job` fires `transition`. */
typedef struct {
  guint thread;
  gint job;
  guint transition;
} RfThreadStep;

/* RfThreadState: where thread `thread` of job `job` is at the end (a control place). */
typedef struct {
  guint thread;
  gint job;
  guint place;
} RfThreadState;

/* RfInterleaving: a witness as thread steps; built by following each control token. */
typedef struct {
  GArray *steps;   /* RfThreadStep */
  GArray *final;   /* RfThreadState, by thread id, only threads that moved */
} RfInterleaving;

void rf_interleaving_free (RfInterleaving *il);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfInterleaving, rf_interleaving_free)

/* Follows the threads of W through NET. */
RfInterleaving *rf_interleaving_new (const RfNet *net, const RfWitness *w);

/* RfRaceVerdict: the answer for one data variable. */
typedef struct {
  guint var;
  char *name;              /* owned */
  RfCoverResult *result;   /* owned */
  RfInterleaving *interleaving;  /* owned, non-NULL iff the result is unsafe */
  RfMarking *target;       /* owned, non-NULL iff the result is unsafe: the bad marking
                            * the witness covers */
} RfRaceVerdict;

void rf_race_verdict_free (RfRaceVerdict *v);

/* The bad markings for data var VAR: {Write*2}, {Read, Write}; or, when an rwlock claim
 * of NET excludes a pair of access places of VAR, every other pair {pa, pb} of access
 * places with a write among them ({pa*2} for two threads on one). RfMarking*, owned. */
GPtrArray *rf_race_targets (const RfNet *net, guint var);

/* One verdict per data variable, in var id order. RfRaceVerdict*, owned. Each search
 * gets BUDGET (may be NULL) with progress_label set to the variable's name. */
GPtrArray *rf_race_check (const RfProgram *prog, const RfNet *net, const RfCoverBudget *budget);

G_END_DECLS
