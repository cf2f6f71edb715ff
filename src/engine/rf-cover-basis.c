/* rf-cover-basis: the nodes of the backward search and its basis of minimal markings.
 *
 * A node is one marking with the chain of predecessor steps that led to it from a
 * target; the basis (rf-cover-private.h) keeps the minimal ones, each in the cover list
 * of its key place and in the occurrence list of every place of its support, so that
 * both subsumption questions (is some basis marking below M? which are above it?) scan
 * short lists, and most comparisons are settled by the sig and norm filters the
 * entries copy. A node dropped from the basis is only marked dead: it leaves each list
 * the next time that list is scanned, so dropping costs no search of the lists. */
#include "rf-cover-private.h"

/* What node N takes: itself and its marking, each with malloc's overhead. */
static guint64
node_bytes (const Node *n)
{
  return sizeof (Node) + sizeof (RfMarking) + n->m->n * sizeof (RfToken) + 2 * 16;
}

Node *
cover_node_new (RfMarking *m, Node *parent, guint via, guint target, guint64 *bytes)
{
  Node *n = g_new0 (Node, 1);
  n->ref = 1;
  n->m = m;
  n->bytes = bytes;
  *bytes += node_bytes (n);
  n->parent = parent;
  if (parent)
    {
      parent->ref++;
      n->depth = parent->depth + 1;
    }
  n->via = via;
  n->target = target;
  return n;
}

void
cover_node_unref (gpointer p)
{
  Node *n = p;
  while (n && --n->ref == 0)
    {
      Node *parent = n->parent;
      *n->bytes -= node_bytes (n);
      rf_marking_unref (n->m);
      g_free (n);
      n = parent;
    }
}

Node *
cover_node_ref (Node *n)
{
  n->ref++;
  return n;
}

void
cover_basis_init (Basis *b, guint n_places)
{
  b->cover = g_new0 (GArray *, n_places);
  b->occ = g_new0 (GArray *, n_places);
  b->empty = g_array_new (FALSE, FALSE, sizeof (Entry));
  b->n_places = n_places;
  b->live = 0;
  b->entries = 0;
}

static void
entries_free (GArray *list)
{
  if (!list)
    return;
  for (guint i = 0; i < list->len; i++)
    cover_node_unref (g_array_index (list, Entry, i).node);
  g_array_unref (list);
}

void
cover_basis_clear (Basis *b)
{
  for (guint p = 0; p < b->n_places; p++)
    {
      entries_free (b->cover[p]);
      entries_free (b->occ[p]);
    }
  entries_free (b->empty);
  g_free (b->cover);
  g_free (b->occ);
}

static void
list_add (Basis *b, GArray **list, Node *n)
{
  if (!*list)
    *list = g_array_new (FALSE, FALSE, sizeof (Entry));
  Entry e = { n->m->sig, n->m->norm, cover_node_ref (n) };
  g_array_append_val (*list, e);
  b->entries++;
}

/* The first live node of LIST whose marking is below M, or NULL; drops the dead
 * entries it meets (the last entry takes a dropped one's slot). */
static Node *
list_find_below (Basis *b, GArray *list, const RfMarking *m)
{
  if (!list)
    return NULL;
  Entry *e = (Entry *) list->data;
  for (guint i = 0; i < list->len; i++)
    {
      if (e[i].node->dead)
        {
          cover_node_unref (e[i].node);
          e[i--] = e[--list->len];
          b->entries--;
          continue;
        }
      if ((e[i].sig & ~m->sig) != 0 || e[i].norm > m->norm)
        continue;
      if (rf_marking_leq (e[i].node->m, m))
        return e[i].node;
    }
  return NULL;
}

/* A live basis node whose marking is below M, or NULL. */
Node *
cover_basis_find_below (Basis *b, const RfMarking *m)
{
  Node *n = list_find_below (b, b->empty, m);
  for (guint i = 0; i < m->n && !n; i++)
    n = list_find_below (b, b->cover[m->e[i].place], m);
  return n;
}

/* TRUE when some basis marking is below M. */
gboolean
cover_basis_covers (Basis *b, const RfMarking *m)
{
  return cover_basis_find_below (b, m) != NULL;
}

static guint
list_len (const GArray *list)
{
  return list ? list->len : 0;
}

/* Marks dead every live node of LIST whose marking is above M (stats.subsumed counts
 * them) and drops dead entries, keeping the order of the others. */
static void
list_drop_above (GArray *list, const RfMarking *m, Basis *b, RfCoverStats *stats)
{
  if (!list)
    return;
  Entry *e = (Entry *) list->data;
  guint k = 0;
  for (guint i = 0; i < list->len; i++)
    {
      Node *n = e[i].node;
      if (!n->dead && (m->sig & ~e[i].sig) == 0 && m->norm <= e[i].norm && rf_marking_leq (m, n->m))
        {
          n->dead = TRUE;
          b->live--;
          stats->subsumed++;
        }
      if (n->dead)
        {
          cover_node_unref (n);
          b->entries--;
          continue;
        }
      e[k++] = e[i];
    }
  g_array_set_size (list, k);
}

/* Adds N to the basis, dropping every basis marking above it. Takes N's reference. */
void
cover_basis_insert (Basis *b, Node *n, RfCoverStats *stats)
{
  const RfMarking *m = n->m;
  if (m->n == 0)
    {
      /* Every marking is above the empty one. */
      for (guint p = 0; p < b->n_places; p++)
        list_drop_above (b->cover[p], m, b, stats);
      list_drop_above (b->empty, m, b, stats);
    }
  else
    {
      guint32 best = m->e[0].place;
      for (guint i = 1; i < m->n; i++)
        if (list_len (b->occ[m->e[i].place]) < list_len (b->occ[best]))
          best = m->e[i].place;
      list_drop_above (b->occ[best], m, b, stats);
    }
  guint32 key = 0;
  for (guint i = 0; i < m->n; i++)
    {
      guint32 p = m->e[i].place;
      if (i == 0 || list_len (b->occ[p]) < list_len (b->occ[key]))
        key = p;
    }
  n->serial = stats->conf;
  list_add (b, m->n ? &b->cover[key] : &b->empty, n);
  for (guint i = 0; i < m->n; i++)
    list_add (b, &b->occ[m->e[i].place], n);
  cover_node_unref (n);
  b->live++;
  stats->conf++;
}

/* Appends the live nodes of LIST to OUT. */
static void
collect_live (GArray *list, GPtrArray *out)
{
  for (guint i = 0; list && i < list->len; i++)
    if (!g_array_index (list, Entry, i).node->dead)
      g_ptr_array_add (out, g_array_index (list, Entry, i).node);
}

void
cover_basis_collect_live (const Basis *b, GPtrArray *out)
{
  /* each live node is in the cover list of its key place, or in the empty list */
  collect_live (b->empty, out);
  for (guint p = 0; p < b->n_places; p++)
    collect_live (b->cover[p], out);
}
