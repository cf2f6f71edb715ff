/* rf-dot: nets, slices and witness nets as Graphviz DOT text, built with libcgraph and
 * written to a GString; rendering of any DOT text with gvc.
 *
 * The graph is built in three passes, each in id order, so that cgraph (which writes
 * objects in creation order) gives byte-identical text for the same net: one cluster
 * per job type that has something to draw, then every drawn place, then every drawn
 * transition with its arcs. Control places and the transitions of a job type go in
 * that job's cluster; shared places (Read/Write, locks, signals) and job-less
 * transitions stay at the top level. What is drawn, and how, is a View: a slice (or
 * everything), the marking shown in the places, and for a witness the step numbers
 * of each transition. Two disciplines replace cgraph's defaults: an I/O one whose
 * putstr appends to a GString (no FILE), and an ID one numbering objects in creation
 * order, which agwrite's subgraph order follows (ids_in_order). cgraph quotes names
 * and escapes '"' itself but leaves '\' alone, which Graphviz reads as a label escape
 * (\n, \l, \N...) and which eats the closing quote at the end of a string; user text
 * is therefore escaped here (rf_dot_label_append_text). DOT text is read back for
 * rendering with the same ID discipline, so the layout does not follow malloc either
 * (read_in_order_disc). */

#include "rf-dot.h"
#include "rf-dot-private.h"

#include <string.h>

#include <graphviz/gvc.h>

#include "rf-report-private.h"
#include "rf-slice.h"

/* agwrite's output channel is the GString passed as `chan`. */
static int
gstring_putstr (void *chan, const char *str)
{
  g_string_append ((GString *) chan, str);
  return 0;
}

static int
gstring_flush (void *chan)
{
  return 0;
}

static Agiodisc_t gstring_io = { NULL, gstring_putstr, gstring_flush };

/* Object IDs in creation order. The default ID discipline makes a named object's ID
 * the address of its interned name, and agwrite emits subgraphs in ID order, so
 * cluster order would follow malloc. Here a named object gets the even ID 2 * (k + 1)
 * for the k-th distinct name and an anonymous one (edges) the next odd ID. One Ids
 * per root graph, opened and closed by cgraph. Names are cgraph reference-counted
 * strings (agwrite peeks at their header to tell HTML labels), held until agclose
 * frees the string table, which happens after ids_close. */
typedef struct {
  Agraph_t *g;           /* the root graph, borrowed */
  GPtrArray *names;      /* char* (agstrdup, freed by agclose); name of ID 2 * (index + 1) */
  GHashTable *by_name;   /* borrowed name -> index + 1 */
  IDTYPE next_anon;      /* next odd ID */
} Ids;

static void *
ids_open (Agraph_t *g, Agdisc_t *disc)
{
  Ids *ids = g_new0 (Ids, 1);
  ids->g = g;
  ids->names = g_ptr_array_new ();
  ids->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  ids->next_anon = 1;
  return ids;
}

static long
ids_map (void *state, int objtype, char *str, IDTYPE *id, int createflag)
{
  Ids *ids = state;

  if (!str)
    {
      *id = ids->next_anon;
      ids->next_anon += 2;
      return TRUE;
    }
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (ids->by_name, str));
  if (index == 0)
    {
      if (!createflag)
        return FALSE;
      char *name = agstrdup (ids->g, str);
      g_ptr_array_add (ids->names, name);
      index = ids->names->len;
      g_hash_table_insert (ids->by_name, name, GUINT_TO_POINTER (index));
    }
  *id = 2 * (IDTYPE) index;
  return TRUE;
}

static long
ids_alloc (void *state, int objtype, IDTYPE request)
{
  return FALSE;   /* callers may not choose IDs */
}

static void
ids_free (void *state, int objtype, IDTYPE id)
{
}

static char *
ids_print (void *state, int objtype, IDTYPE id)
{
  Ids *ids = state;

  if (id % 2 == 1 || id == 0 || id / 2 > ids->names->len)
    return NULL;
  return g_ptr_array_index (ids->names, id / 2 - 1);
}

static void
ids_close (void *state)
{
  Ids *ids = state;

  g_hash_table_unref (ids->by_name);
  g_ptr_array_unref (ids->names);
  g_free (ids);
}

static void
ids_register (void *state, int objtype, void *obj)
{
}

static Agiddisc_t ids_in_order = {
  ids_open, ids_map, ids_alloc, ids_free, ids_print, ids_close, ids_register
};

static Agdisc_t in_order_disc = { &AgMemDisc, &ids_in_order, &gstring_io };

Agraph_t *
rf_dot_graph_open (const char *name)
{
  g_autoptr (GString) escaped = g_string_new (NULL);
  rf_dot_label_append_text (escaped, name ? name : "net");   /* a trailing '\' would eat the closing quote */
  return agopen (escaped->str, Agdirected, &in_order_disc);
}

char *
rf_dot_graph_close (Agraph_t *g)
{
  GString *out = g_string_new (NULL);
  agwrite (g, out);
  agclose (g);
  return g_string_free (out, FALSE);
}

void
rf_dot_label_append_text (GString *label, const char *text)
{
  for (const char *s = text; *s; s++)
    {
      if (*s == '\\')
        g_string_append (label, "\\\\");
      else if (*s == '\n')
        g_string_append (label, "\\n");
      else if (*s != '\r')
        g_string_append_c (label, *s);
    }
}

void
rf_dot_label_append_loc (GString *label, RfLoc loc)
{
  if (!loc.file || loc.line == 0)
    {
      g_string_append_c (label, '?');
      return;
    }
  g_autofree char *base = g_path_get_basename (loc.file);
  rf_dot_label_append_text (label, base);
  g_string_append_printf (label, ":%u", loc.line);
}

void
rf_dot_set (void *obj, const char *name, const char *value)
{
  agsafeset (obj, (char *) name, (char *) value, "");
}

/* Tokens under a place's text: "\n●" for one, "\n●3" for three, "\nω" for any
 * number, nothing for none. */
static void
label_append_tokens (GString *label, guint32 count, gboolean omega)
{
  if (omega)
    g_string_append (label, "\\nω");
  else if (count == 1)
    g_string_append (label, "\\n●");
  else if (count > 1)
    g_string_append_printf (label, "\\n●%" G_GUINT32_FORMAT, count);
}

/* View: what a net picture draws. slice: the places and transitions drawn (every one
 * when NULL). marking: the tokens drawn in the places (NULL: the initial marking, with
 * ω); marked control places are then filled. steps: NULL, or per transition id the
 * step numbers at which a witness fires it ("1, 3", owned) or NULL; racing: NULL, or
 * per transition id TRUE for the begin transition of a racing access. title: the
 * graph's label, or NULL. */
typedef struct {
  const RfNetSlice *slice;
  const RfMarking *marking;
  GPtrArray *steps;           /* char* per transition, owned, NULL entries */
  const gboolean *racing;
  const char *title;
} View;

static gboolean
view_has_place (const View *v, guint p)
{
  return !v->slice || rf_net_slice_has_place (v->slice, p);
}

static gboolean
view_has_transition (const View *v, guint t)
{
  return !v->slice || rf_net_slice_has_transition (v->slice, t);
}

/* Graph-wide defaults. Attributes set per object are declared with an empty default,
 * which Graphviz reads as "its own default" and agwrite leaves out. */
static void
declare_defaults (Agraph_t *g)
{
  agattr (g, AGRAPH, "rankdir", "TB");
  agattr (g, AGRAPH, "fontname", "Helvetica");
  agattr (g, AGRAPH, "fontsize", "11");
  agattr (g, AGRAPH, "label", "");
  agattr (g, AGRAPH, "style", "");
  agattr (g, AGRAPH, "color", "");

  agattr (g, AGNODE, "fontname", "Helvetica");
  agattr (g, AGNODE, "fontsize", "10");
  agattr (g, AGNODE, "shape", "circle");
  agattr (g, AGNODE, "label", "\\N");
  agattr (g, AGNODE, "style", "");
  agattr (g, AGNODE, "fillcolor", "");
  agattr (g, AGNODE, "peripheries", "");
  agattr (g, AGNODE, "height", "");
  agattr (g, AGNODE, "tooltip", "");

  agattr (g, AGEDGE, "fontname", "Helvetica");
  agattr (g, AGEDGE, "fontsize", "9");
  agattr (g, AGEDGE, "arrowsize", "0.7");
  agattr (g, AGEDGE, "label", "");
}

/* A job type: cluster "cluster_<index>" labelled with the job's name. */
static Agraph_t *
build_cluster (Agraph_t *g, guint index, const RfNetJob *job)
{
  g_autofree char *name = g_strdup_printf ("cluster_%u", index);
  g_autoptr (GString) label = g_string_new (NULL);
  Agraph_t *sub = agsubg (g, name, 1);

  rf_dot_label_append_text (label, job->name ? job->name : name);
  rf_dot_set (sub, "label", label->str);
  rf_dot_set (sub, "style", "rounded");
  rf_dot_set (sub, "color", "gray50");
  return sub;
}

/* The graph a place or transition of job JOB belongs to: its cluster, or the top
 * level for -1 (and for job indices the net does not define or the view leaves out). */
static Agraph_t *
graph_of_job (Agraph_t *g, GPtrArray *clusters, gint job)
{
  if (job >= 0 && (guint) job < clusters->len && g_ptr_array_index (clusters, job))
    return g_ptr_array_index (clusters, job);
  return g;
}

/* Place p<id>: control places are circles labelled "L<line>" (the name when there is
 * no line), a job's entry place with a double border; shared places carry their
 * name and a shape per kind. The label ends with the tokens drawn; with MARKED, a
 * control place is filled and a shared place gets a thick border. */
static Agnode_t *
build_place (Agraph_t *g, GPtrArray *clusters, const RfPlace *place, gboolean is_entry,
             guint32 count, gboolean omega, gboolean marked)
{
  g_autofree char *name = g_strdup_printf ("p%u", place->id);
  g_autoptr (GString) label = g_string_new (NULL);
  gboolean control = place->kind == RF_PLACE_CONTROL;
  Agnode_t *n = agnode (control ? graph_of_job (g, clusters, place->job) : g, name, 1);

  if (control && place->loc.line > 0)
    {
      g_string_append_printf (label, "L%u", place->loc.line);
      if (place->name)
        {
          g_autoptr (GString) tooltip = g_string_new (NULL);
          rf_dot_label_append_text (tooltip, place->name);
          rf_dot_set (n, "tooltip", tooltip->str);
        }
    }
  else
    rf_dot_label_append_text (label, place->name ? place->name : name);
  label_append_tokens (label, count, omega);
  rf_dot_set (n, "label", label->str);

  switch (place->kind)
    {
    case RF_PLACE_CONTROL:
      if (is_entry)
        rf_dot_set (n, "peripheries", "2");
      if (marked)
        {
          rf_dot_set (n, "style", "filled");
          rf_dot_set (n, "fillcolor", "gold");
        }
      break;
    case RF_PLACE_READ:
      rf_dot_set (n, "shape", "box");
      rf_dot_set (n, "style", "rounded,filled");
      rf_dot_set (n, "fillcolor", "lightyellow");
      break;
    case RF_PLACE_WRITE:
      rf_dot_set (n, "shape", "box");
      rf_dot_set (n, "style", "rounded,filled");
      rf_dot_set (n, "fillcolor", "mistyrose");
      break;
    case RF_PLACE_LOCK:
      rf_dot_set (n, "shape", "box");
      rf_dot_set (n, "style", "filled");
      rf_dot_set (n, "fillcolor", "lightblue");
      break;
    case RF_PLACE_SIGNAL:
      rf_dot_set (n, "shape", "diamond");
      rf_dot_set (n, "style", "filled");
      rf_dot_set (n, "fillcolor", "palegreen");
      break;
    case RF_PLACE_RWLOCK:
      rf_dot_set (n, "shape", "box");
      rf_dot_set (n, "style", "filled,diagonals");
      rf_dot_set (n, "fillcolor", "lightblue");
      break;
    case RF_PLACE_SEM:
      rf_dot_set (n, "shape", "octagon");
      rf_dot_set (n, "style", "filled");
      rf_dot_set (n, "fillcolor", "lavender");
      break;
    case RF_PLACE_VALUE:
      rf_dot_set (n, "shape", "house");
      rf_dot_set (n, "style", "filled");
      rf_dot_set (n, "fillcolor", "lightyellow");
      break;
    case RF_PLACE_PLAIN:
    default:
      break;
    }
  if (marked && !control)
    rf_dot_set (n, "penwidth", "2.5");
  return n;
}

/* An arc of a transition drawn in graph TG (its cluster or the top level); the arc
 * lives in TG when the place is there too, else at the top level. (agraphof gives
 * the root for every node, hence the agsubnode test.) Returns the arc. */
static Agedge_t *
build_arc (Agraph_t *g, Agraph_t *tg, Agnode_t *tail, Agnode_t *head, guint32 weight)
{
  Agraph_t *owner = agsubnode (tg, tail, 0) && agsubnode (tg, head, 0) ? tg : g;
  Agedge_t *e = agedge (owner, tail, head, NULL, 1);

  if (weight > 1)
    {
      char buf[16];
      g_snprintf (buf, sizeof buf, "%" G_GUINT32_FORMAT, weight);
      rf_dot_set (e, "label", buf);
    }
  return e;
}

/* Transition t<id>: a low grey box labelled with its statement (after its step
 * numbers STEPS, when a witness fires it: filled khaki, or salmon with a thick border
 * when it begins a racing access), then its arcs to drawn places (place -> t for each
 * input, t -> place for each output, weight > 1 as a label; for each place it resets,
 * a dashed place -> t with a flat "tee" head: the place is emptied; unlabelled, as
 * a joinall resets every place of a job and dot crashes on many labelled arcs into one
 * node).
 * A SHORTCUT place (>= 0) makes it the whole access of another variable: "read y",
 * with an arc to that place. */
static void
build_transition (Agraph_t *g, GPtrArray *clusters, Agnode_t **places, guint n_places,
                  const RfTransition *tr, const char *steps, gboolean racing, gint shortcut)
{
  g_autofree char *name = g_strdup_printf ("t%u", tr->id);
  g_autoptr (GString) label = g_string_new (NULL);
  Agraph_t *tg = graph_of_job (g, clusters, tr->job);
  Agnode_t *n = agnode (tg, name, 1);

  if (steps)
    g_string_append_printf (label, "%s: ", steps);
  g_autofree char *text = g_strdup (tr->label && *tr->label ? tr->label : name);
  if (shortcut >= 0 && g_str_has_suffix (text, " (begin)"))
    text[strlen (text) - strlen (" (begin)")] = '\0';   /* the whole access */
  rf_dot_label_append_text (label, text);
  rf_dot_set (n, "label", label->str);
  rf_dot_set (n, "shape", "box");
  rf_dot_set (n, "style", "filled");
  rf_dot_set (n, "fillcolor", racing ? "salmon" : steps ? "khaki1" : "gray90");
  rf_dot_set (n, "height", "0.2");
  if (racing)
    rf_dot_set (n, "penwidth", "2");

  for (guint i = 0; i < tr->n_pre; i++)
    {
      g_return_if_fail (tr->pre[i].place < n_places);
      if (places[tr->pre[i].place])
        build_arc (g, tg, places[tr->pre[i].place], n, tr->pre[i].count);
    }
  for (guint i = 0; i < tr->n_post; i++)
    {
      g_return_if_fail (tr->post[i].place < n_places);
      if (places[tr->post[i].place])
        build_arc (g, tg, n, places[tr->post[i].place], tr->post[i].count);
    }
  for (guint i = 0; i < tr->n_resets; i++)
    {
      g_return_if_fail (tr->resets[i] < n_places);
      if (!places[tr->resets[i]])
        continue;
      Agedge_t *e = build_arc (g, tg, places[tr->resets[i]], n, 1);
      rf_dot_set (e, "style", "dashed");
      rf_dot_set (e, "arrowhead", "tee");
    }
  if (shortcut >= 0 && (guint) shortcut < n_places && places[shortcut])
    build_arc (g, tg, n, places[shortcut], 1);
}

/* What VIEW draws of NET as a cgraph graph (caller closes it). Objects are created in
 * id order. */
static Agraph_t *
build_graph (const RfNet *net, const char *graph_name, const View *view)
{
  guint n_places = rf_net_n_places (net);
  guint n_jobs = rf_net_n_jobs (net);
  const guint32 *initial = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  g_autoptr (GPtrArray) clusters = g_ptr_array_sized_new (n_jobs);   /* Agraph_t or NULL, borrowed */
  g_autofree Agnode_t **places = g_new0 (Agnode_t *, MAX (n_places, 1));
  g_autofree gboolean *is_entry = g_new0 (gboolean, MAX (n_places, 1));
  g_autofree gboolean *job_drawn = g_new0 (gboolean, MAX (n_jobs, 1));

  Agraph_t *g = rf_dot_graph_open (graph_name);
  declare_defaults (g);
  if (view->title)
    {
      g_autoptr (GString) title = g_string_new (NULL);
      rf_dot_label_append_text (title, view->title);
      agattr (g, AGRAPH, "labelloc", "");
      rf_dot_set (g, "label", title->str);
      rf_dot_set (g, "labelloc", "t");
    }

  /* A cluster only for a job type with a place or transition drawn. */
  for (guint p = 0; p < n_places; p++)
    {
      const RfPlace *pl = rf_net_get_place (net, p);
      if (view_has_place (view, p) && pl->kind == RF_PLACE_CONTROL && pl->job >= 0 && (guint) pl->job < n_jobs)
        job_drawn[pl->job] = TRUE;
    }
  for (guint t = 0; t < rf_net_n_transitions (net); t++)
    {
      const RfTransition *tr = rf_net_get_transition (net, t);
      if (view_has_transition (view, t) && tr->job >= 0 && (guint) tr->job < n_jobs)
        job_drawn[tr->job] = TRUE;
    }
  for (guint j = 0; j < n_jobs; j++)
    {
      const RfNetJob *job = rf_net_get_job (net, j);
      g_ptr_array_add (clusters, job_drawn[j] ? build_cluster (g, j, job) : NULL);
      if (job->entry >= 0 && (guint) job->entry < n_places)
        is_entry[job->entry] = TRUE;
    }

  for (guint p = 0; p < n_places; p++)
    {
      if (!view_has_place (view, p))
        continue;
      guint32 count = view->marking ? rf_marking_get (view->marking, p) : initial ? initial[p] : 0;
      gboolean om = !view->marking && omega && omega[p];
      places[p] = build_place (g, clusters, rf_net_get_place (net, p), is_entry[p], count, om,
                               view->marking && count > 0);
    }

  for (guint t = 0; t < rf_net_n_transitions (net); t++)
    if (view_has_transition (view, t))
      build_transition (g, clusters, places, n_places, rf_net_get_transition (net, t),
                        view->steps ? g_ptr_array_index (view->steps, t) : NULL,
                        view->racing && view->racing[t],
                        view->slice ? rf_net_slice_get_shortcut (view->slice, t) : -1);
  return g;
}

char *
rf_dot_net_to_string (const RfNet *net, const char *graph_name)
{
  g_return_val_if_fail (net != NULL, NULL);
  View view = { 0 };
  return rf_dot_graph_close (build_graph (net, graph_name, &view));
}

char *
rf_dot_net_slice_to_string (const RfNet *net, guint var, const char *var_name, const char *graph_name)
{
  g_return_val_if_fail (net != NULL && var_name != NULL, NULL);
  g_autoptr (RfNetSlice) slice = rf_net_slice_new (net, var);
  g_return_val_if_fail (slice != NULL, NULL);
  g_autofree char *title = g_strdup_printf ("slice for %s", var_name);
  View view = { slice, NULL, NULL, NULL, title };
  return rf_dot_graph_close (build_graph (net, graph_name, &view));
}

/* "race on V: T2 (inc) writes at counter.sml:13 while T3 (inc) reads at
 * counter.sml:12" for the racing accesses of RV. Owned. */
char *
rf_dot_race_title (const RfNet *net, const RfRaceVerdict *rv)
{
  GArray *sites = rv->sites;
  GString *title = g_string_new (NULL);
  g_string_append_printf (title, "race on %s", rv->name);
  for (guint i = 0; i < sites->len; i++)
    {
      const RfRaceSite *site = &g_array_index (sites, RfRaceSite, i);
      g_autofree char *base = site->loc.file ? g_path_get_basename (site->loc.file) : g_strdup ("?");
      g_string_append_printf (title, "%sT%u (%s) %s at %s:%u", i == 0 ? ": " : " while ", site->thread,
                              rf_report_job_name (net, site->job), site->write ? "writes" : "reads",
                              base, site->loc.line);
    }
  return g_string_free (title, FALSE);
}

/* The witness picture of RV on SLICE (taken over): every fired transition added and
 * labelled with its step numbers; with TOUCHED_ONLY, the variable's Read/Write places
 * a fired transition touches added and the title says what is left out. */
static char *
witness_net (const RfNet *net, const RfRaceVerdict *rv, const char *graph_name, RfNetSlice *slice_in,
             gboolean touched_only)
{
  g_autoptr (RfNetSlice) slice = slice_in;
  const RfWitness *w = rv->result->witness;
  guint nt = rf_net_n_transitions (net);
  gint rp = rf_net_find_var_place (net, RF_PLACE_READ, rv->var);
  gint wp = rf_net_find_var_place (net, RF_PLACE_WRITE, rv->var);
  g_autoptr (GPtrArray) steps = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_set_size (steps, nt);
  g_autofree gboolean *racing = g_new0 (gboolean, MAX (nt, 1));

  for (guint i = 0; i < w->steps->len; i++)
    {
      guint t = g_array_index (w->steps, guint, i);
      char *old = g_ptr_array_index (steps, t);
      g_ptr_array_index (steps, t) = old ? g_strdup_printf ("%s, %u", old, i + 1) : g_strdup_printf ("%u", i + 1);
      g_free (old);
      rf_net_slice_add_transition (slice, net, t);
      const RfTransition *tr = rf_net_get_transition (net, t);
      for (guint k = 0; touched_only && k < tr->n_pre + tr->n_post; k++)
        {
          gint p = k < tr->n_pre ? (gint) tr->pre[k].place : (gint) tr->post[k - tr->n_pre].place;
          if (p == rp || p == wp)
            rf_net_slice_add_place (slice, p);
        }
    }
  GArray *sites = rv->sites;
  for (guint k = 0; k < sites->len; k++)
    {
      guint step = g_array_index (sites, RfRaceSite, k).step;
      if (step >= 1 && step <= w->steps->len)
        racing[g_array_index (w->steps, guint, step - 1)] = TRUE;
    }
  g_autofree char *race = rf_dot_race_title (net, rv);
  g_autofree char *title = g_strdup_printf ("%s\n%stransitions numbered in firing order; tokens: the final marking",
                                            race, touched_only ? "the transitions the witness fires only, " : "");
  View view = { slice, w->final, steps, racing, title };
  return rf_dot_graph_close (build_graph (net, graph_name, &view));
}

char *
rf_dot_witness_net_to_string (const RfNet *net, const RfRaceVerdict *rv, const char *graph_name)
{
  g_return_val_if_fail (net != NULL && rv != NULL, NULL);
  g_return_val_if_fail (rv->result->verdict == RF_COVER_UNSAFE && rv->sites, NULL);
  return witness_net (net, rv, graph_name, rf_net_slice_new (net, rv->var), FALSE);
}

char *
rf_dot_witness_touched_to_string (const RfNet *net, const RfRaceVerdict *rv, const char *graph_name)
{
  g_return_val_if_fail (net != NULL && rv != NULL, NULL);
  g_return_val_if_fail (rv->result->verdict == RF_COVER_UNSAFE && rv->sites, NULL);
  return witness_net (net, rv, graph_name, rf_net_slice_new_empty (net), TRUE);
}

gboolean
rf_dot_format_is_rendered (const char *format)
{
  static const char *const formats[] = { "svg", "png", "pdf", NULL };
  return format && g_strv_contains (formats, format);
}

gboolean
rf_dot_format_is_known (const char *format)
{
  return format && (strcmp (format, "dot") == 0 || rf_dot_format_is_rendered (format));
}

/* One Graphviz context for the whole process: Graphviz 2.42's pango text plugin keeps a
 * font cache across contexts and reads freed memory once a second context is created
 * after the first was freed (seen under AddressSanitizer). Never freed; reachable. */
static GVC_t *
shared_gvc (void)
{
  static GVC_t *gvc;
  if (g_once_init_enter (&gvc))
    g_once_init_leave (&gvc, gvContext ());
  return gvc;
}

/* A PDF's creation date (cairo writes the time of the run, "/CreationDate
 * (D:YYYYMMDDHHMMSSZ)") set to SOURCE_DATE_EPOCH when the environment gives one, the
 * reproducible-builds convention: the same length, so the file's offsets stay right. */
static void
pdf_set_date (guint8 *data, gsize len)
{
  const char *epoch = g_getenv ("SOURCE_DATE_EPOCH");
  guint64 seconds;
  if (!epoch || !g_ascii_string_to_unsigned (epoch, 10, 0, G_MAXINT64, &seconds, NULL))
    return;
  static const char key[] = "/CreationDate (D:";
  gsize start = len;
  for (gsize i = 0; i + sizeof key - 1 <= len && start == len; i++)
    if (memcmp (data + i, key, sizeof key - 1) == 0)
      start = i + sizeof key - 1;
  if (start + 15 > len || data[start + 14] != 'Z')
    return;
  for (gsize i = start; i < start + 14; i++)
    if (!g_ascii_isdigit (data[i]))
      return;
  g_autoptr (GDateTime) t = g_date_time_new_from_unix_utc ((gint64) seconds);
  g_autofree char *stamp = t ? g_date_time_format (t, "%Y%m%d%H%M%S") : NULL;
  if (stamp && strlen (stamp) == 14)
    memcpy (data + start, stamp, 14);
}

/* StringReader: DOT text that agread reads (string_io's channel). */
typedef struct {
  const char *p;
  gsize left;
} StringReader;

static int
string_afread (void *chan, char *buf, int bufsize)
{
  StringReader *r = chan;
  gsize n = MIN ((gsize) MAX (bufsize, 0), r->left);
  memcpy (buf, r->p, n);
  r->p += n;
  r->left -= n;
  return (int) n;
}

static Agiodisc_t string_io = { string_afread, gstring_putstr, gstring_flush };

/* Reading DOT to render: as agmemread, but with IDs in order of appearance (the
 * default ones are addresses of names, and the layout visits nodes and subgraphs in
 * ID order: it would follow malloc, which differs from run to run). */
static Agdisc_t read_in_order_disc = { &AgMemDisc, &ids_in_order, &string_io };

/* Lays DOT out and renders it in FORMAT here, with GVC. */
static GBytes *
render_here (GVC_t *gvc, const char *dot, const char *format, GError **error)
{
  StringReader reader = { dot, strlen (dot) };
  Agraph_t *g = agread (&reader, &read_in_order_disc);
  if (!g)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "Graphviz could not read the DOT text");
      return NULL;
    }
  GBytes *bytes = NULL;
  char *data = NULL;
  unsigned int len = 0;
  if (gvLayout (gvc, g, "dot") != 0)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "Graphviz could not lay out the graph");
  else
    {
      if (gvRenderData (gvc, g, format, &data, &len) != 0 || !data)
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                     "Graphviz could not render format '%s' (is its plugin installed?)", format);
      else
        {
          if (strcmp (format, "pdf") == 0)
            pdf_set_date ((guint8 *) data, len);
          bytes = g_bytes_new (data, len);
        }
      if (data)
        gvFreeRenderData (data);
      gvFreeLayout (gvc, g);
    }
  agclose (g);
  return bytes;
}

GBytes *
rf_dot_render (const char *dot, const char *format, GError **error)
{
  g_return_val_if_fail (dot != NULL && rf_dot_format_is_known (format), NULL);
  if (strcmp (format, "dot") == 0)
    return g_bytes_new (dot, strlen (dot));
  return render_here (shared_gvc (), dot, format, error);
}

GBytes *
rf_dot_net_render (const RfNet *net, const char *graph_name, const char *format, GError **error)
{
  g_return_val_if_fail (rf_dot_format_is_rendered (format), NULL);
  g_autofree char *dot = rf_dot_net_to_string (net, graph_name);
  return rf_dot_render (dot, format, error);
}
