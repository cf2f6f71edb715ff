/* rf-cover-private: the data structures the files of the backward search share
 * (private to the engine).
 *
 * The backward search (rf-cover.h) is one module in several files, one per concern:
 *   rf-cover.c          the search: its state and order, what it tries and prunes
 *                       (markable places, candidate transitions, the state equation's
 *                       rationing), budgets and progress, the forward search alongside,
 *                       the proof of a safe verdict;
 *   rf-cover-basis.c    nodes (the markings of the search) and the basis of minimal
 *                       markings, indexed for subsumption;
 *   rf-cover-bounds.c   linear bounds every reachable marking satisfies, indexed by
 *                       place (P-invariants, learned state-equation certificates);
 *   rf-cover-witness.c  witnesses from the chains of nodes: built, completed after a
 *                       forward run, shortened.
 * Functions one file defines and another calls are declared here, named cover_*. */
#pragma once

#include <glib.h>
#include "rf-cover.h"

G_BEGIN_DECLS

/* g_array_unref for a GArray* that may be NULL (a free function of pointer arrays
 * with empty slots). */
static inline void
cover_array_unref0 (gpointer a)
{
  if (a)
    g_array_unref (a);
}

/* rf-cover-basis.c */

/* Node: one marking of the backward search. parent is the marking this one is a
 * predecessor of (NULL for a target), through transition `via`; target is the index
 * of the target at the root. Reference counted: the basis, the frontier and children
 * each hold a reference, so a witness chain stays alive while its leaf does. Each
 * node is counted in *bytes (the search's estimate of its memory) while it lives. */
typedef struct Node Node;
struct Node {
  gint ref;
  guint64 *bytes;  /* the search's count, borrowed */
  gboolean dead;   /* dropped from the basis (subsumed by a smaller marking) */
  RfMarking *m;    /* owned */
  Node *parent;    /* owned reference, or NULL */
  guint via;
  guint target;
  guint64 serial;  /* order of addition to the basis (stats.conf before it) */
  guint64 excess;  /* tokens beyond the initial marking on non-omega places */
  guint depth;     /* predecessor steps from the target */
};

/* A node of marking M (taken) computed from PARENT (NULL for a target; the node holds
 * a reference to it) through transition VIA, for target TARGET; counted in *BYTES. */
Node *cover_node_new (RfMarking *m, Node *parent, guint via, guint target, guint64 *bytes);
/* Drops a reference to node P (a Node*, may be NULL), and to its parents as they
 * lose their last one. A GDestroyNotify. */
void cover_node_unref (gpointer p);
Node *cover_node_ref (Node *n);

/* Entry: a basis node in a subsumption list, with its filter: the marking's sig and
 * norm, copied so that most comparisons never touch the marking. Holds a reference. */
typedef struct {
  guint64 sig;
  guint64 norm;
  Node *node;
} Entry;

/* Basis: the minimal markings kept, indexed for the two subsumption questions.
 * Each node is in the cover list of one place of its support, its key (a marking
 * below M has its support inside M's, so the lists of M's places hold every
 * candidate), and in the occurrence list of every place of its support (a marking
 * above M is in the list of each of M's places, so the shortest one holds every
 * candidate). The key is the place of least occurrences when the node is added: the
 * most selective one. A node dropped from the basis is marked dead and leaves each
 * list the next time the list is scanned. Invariant: the live nodes are pairwise
 * incomparable; live counts them. */
typedef struct {
  GArray **cover;   /* per place: Entry list of the nodes keyed there; NULL if none */
  GArray **occ;     /* per place: Entry list of the nodes whose support has it */
  GArray *empty;    /* Entry: the node of the empty marking, if any */
  guint n_places;
  guint64 live;
  guint64 entries;  /* entries in all lists, dead ones not yet dropped included */
} Basis;

void cover_basis_init (Basis *b, guint n_places);
void cover_basis_clear (Basis *b);
/* A live basis node whose marking is below M, or NULL. */
Node *cover_basis_find_below (Basis *b, const RfMarking *m);
/* TRUE when some basis marking is below M. */
gboolean cover_basis_covers (Basis *b, const RfMarking *m);
/* Adds N to the basis, dropping every basis marking above it (counted in
 * stats.subsumed); N's serial is stats.conf, which it counts. Takes N's reference. */
void cover_basis_insert (Basis *b, Node *n, RfCoverStats *stats);
/* Appends the live nodes of B to OUT (borrowed): the empty marking's, then those keyed
 * at each place in place order. */
void cover_basis_collect_live (const Basis *b, GPtrArray *out);

/* rf-cover-bounds.c */

/* Bounds: linear upper bounds that every reachable marking satisfies,
 * sum_p weights(p)·M(p) <= total (RfInvariant), indexed by place. The net's checked
 * P-invariants are such bounds, and so are the certificates of the state-equation test
 * (rf-steq.h). A marking that exceeds one covers no reachable marking. */
typedef struct {
  GPtrArray *all;       /* RfInvariant*, owned */
  GPtrArray *by_place;  /* per place: NULL or GArray of RfToken {bound index, weight} */
  GArray *sum;          /* guint64 per bound: scratch, all zero between calls */
  GArray *touched;      /* guint32 scratch: bounds with a non-zero sum */
} Bounds;

/* B := the bounds of ALL (RfInvariant*; taken, with its elements). */
void cover_bounds_init (Bounds *b, guint n_places, GPtrArray *all);
void cover_bounds_clear (Bounds *b);
/* Adds BOUND (owned) to B. */
void cover_bounds_add (Bounds *b, RfInvariant *bound);
/* The first bound M exceeds (then M covers no reachable marking), or -1. */
gint cover_bounds_exceeded (Bounds *b, const RfMarking *m);
/* The first bound M saturates (weighted sum == total), or -1. */
gint cover_bounds_saturated (Bounds *b, const RfMarking *m);

/* rf-cover-witness.c */

/* The witness for node N of a search of NET, whose marking lies below the initial
 * marking. Owned. */
RfWitness *cover_witness_from (const RfNet *net, const Node *n);
/* Completes W, a forward firing sequence of NET whose final marking is above node N's,
 * with N's chain of predecessors down to its target. */
void cover_witness_extend (const RfNet *net, RfWitness *w, const Node *n);
/* Removes steps from W that the rest does not need to cover TARGET; updates W->final. */
void cover_witness_shorten (const RfNet *net, RfWitness *w, const RfMarking *target);

G_END_DECLS
