/* rf-dot: a net as Graphviz DOT text, built with libcgraph and written to a GString.
 *
 * The graph is built in three passes, each in id order, so that cgraph (which writes
 * objects in creation order) gives byte-identical text for the same net: one cluster
 * per job type, then every place, then every transition with its arcs. Control
 * places and the transitions of a job type go in that job's cluster; shared places
 * (Read/Write, locks, signals) and job-less transitions stay at the top level.
 * Two disciplines replace cgraph's defaults: an I/O one whose putstr appends to a
 * GString (no FILE), and an ID one numbering objects in creation order, which
 * agwrite's subgraph order follows (ids_in_order). cgraph quotes names and escapes
 * '"' itself but leaves '\' alone, which Graphviz reads as a label escape (\n, \l,
 * \N...) and which eats the closing quote at the end of a string; user text is
 * therefore escaped here (label_append_text). */

#include "rf-dot.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

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

/* Appends TEXT to a label so that Graphviz draws it verbatim: '\' doubled, line
 * breaks as the centred-line escape "\n", carriage returns dropped. */
static void
label_append_text (GString *label, const char *text)
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

/* Initial tokens under a place's text: "\n●" for one, "\n●3" for three, "\nω" for
 * any number, nothing for none. */
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

static void
set_attr (void *obj, const char *name, const char *value)
{
  agsafeset (obj, (char *) name, (char *) value, "");
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

  label_append_text (label, job->name ? job->name : name);
  set_attr (sub, "label", label->str);
  set_attr (sub, "style", "rounded");
  set_attr (sub, "color", "gray50");
  return sub;
}

/* The graph a place or transition of job JOB belongs to: its cluster, or the top
 * level for -1 (and for job indices the net does not define). */
static Agraph_t *
graph_of_job (Agraph_t *g, GPtrArray *clusters, gint job)
{
  if (job >= 0 && (guint) job < clusters->len)
    return g_ptr_array_index (clusters, job);
  return g;
}

/* Place p<id>: control places are circles labelled "L<line>" (the name when there is
 * no line), a job's entry place with a double border; shared places carry their
 * name and a shape per kind. The label ends with the initial tokens. */
static Agnode_t *
build_place (Agraph_t *g, GPtrArray *clusters, const RfPlace *place, gboolean is_entry,
             guint32 count, gboolean omega)
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
          label_append_text (tooltip, place->name);
          set_attr (n, "tooltip", tooltip->str);
        }
    }
  else
    label_append_text (label, place->name ? place->name : name);
  label_append_tokens (label, count, omega);
  set_attr (n, "label", label->str);

  switch (place->kind)
    {
    case RF_PLACE_CONTROL:
      if (is_entry)
        set_attr (n, "peripheries", "2");
      break;
    case RF_PLACE_READ:
      set_attr (n, "shape", "box");
      set_attr (n, "style", "rounded,filled");
      set_attr (n, "fillcolor", "lightyellow");
      break;
    case RF_PLACE_WRITE:
      set_attr (n, "shape", "box");
      set_attr (n, "style", "rounded,filled");
      set_attr (n, "fillcolor", "mistyrose");
      break;
    case RF_PLACE_LOCK:
      set_attr (n, "shape", "box");
      set_attr (n, "style", "filled");
      set_attr (n, "fillcolor", "lightblue");
      break;
    case RF_PLACE_SIGNAL:
      set_attr (n, "shape", "diamond");
      set_attr (n, "style", "filled");
      set_attr (n, "fillcolor", "palegreen");
      break;
    case RF_PLACE_SEM:
      set_attr (n, "shape", "octagon");
      set_attr (n, "style", "filled");
      set_attr (n, "fillcolor", "lavender");
      break;
    case RF_PLACE_PLAIN:
    default:
      break;
    }
  return n;
}

/* An arc of a transition drawn in graph TG (its cluster or the top level); the arc
 * lives in TG when the place is there too, else at the top level. (agraphof gives
 * the root for every node, hence the agsubnode test.) */
static void
build_arc (Agraph_t *g, Agraph_t *tg, Agnode_t *tail, Agnode_t *head, guint32 weight)
{
  Agraph_t *owner = agsubnode (tg, tail, 0) && agsubnode (tg, head, 0) ? tg : g;
  Agedge_t *e = agedge (owner, tail, head, NULL, 1);

  if (weight > 1)
    {
      char buf[16];
      g_snprintf (buf, sizeof buf, "%" G_GUINT32_FORMAT, weight);
      set_attr (e, "label", buf);
    }
}

/* Transition t<id>: a low grey box labelled with its statement, then its arcs
 * (place -> t for each input, t -> place for each output, weight > 1 as a label). */
static void
build_transition (Agraph_t *g, GPtrArray *clusters, Agnode_t **places, guint n_places,
                  const RfTransition *tr)
{
  g_autofree char *name = g_strdup_printf ("t%u", tr->id);
  g_autoptr (GString) label = g_string_new (NULL);
  Agraph_t *tg = graph_of_job (g, clusters, tr->job);
  Agnode_t *n = agnode (tg, name, 1);

  label_append_text (label, tr->label && *tr->label ? tr->label : name);
  set_attr (n, "label", label->str);
  set_attr (n, "shape", "box");
  set_attr (n, "style", "filled");
  set_attr (n, "fillcolor", "gray90");
  set_attr (n, "height", "0.2");

  for (guint i = 0; i < tr->n_pre; i++)
    {
      g_return_if_fail (tr->pre[i].place < n_places);
      build_arc (g, tg, places[tr->pre[i].place], n, tr->pre[i].count);
    }
  for (guint i = 0; i < tr->n_post; i++)
    {
      g_return_if_fail (tr->post[i].place < n_places);
      build_arc (g, tg, n, places[tr->post[i].place], tr->post[i].count);
    }
}

/* The net as a cgraph graph (caller agcloses it). Objects are created in id order. */
static Agraph_t *
build_graph (const RfNet *net, const char *graph_name, Agdisc_t *disc)
{
  guint n_places = rf_net_n_places (net);
  guint n_jobs = rf_net_n_jobs (net);
  const guint32 *initial = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  g_autoptr (GPtrArray) clusters = g_ptr_array_sized_new (n_jobs);   /* Agraph_t, borrowed */
  g_autofree Agnode_t **places = g_new0 (Agnode_t *, MAX (n_places, 1));
  g_autofree gboolean *is_entry = g_new0 (gboolean, MAX (n_places, 1));

  g_autoptr (GString) name = g_string_new (NULL);
  label_append_text (name, graph_name ? graph_name : "net");   /* a trailing '\' would eat the closing quote */
  Agraph_t *g = agopen (name->str, Agdirected, disc);
  declare_defaults (g);

  for (guint j = 0; j < n_jobs; j++)
    {
      const RfNetJob *job = rf_net_get_job (net, j);
      g_ptr_array_add (clusters, build_cluster (g, j, job));
      if (job->entry >= 0 && (guint) job->entry < n_places)
        is_entry[job->entry] = TRUE;
    }

  for (guint p = 0; p < n_places; p++)
    places[p] = build_place (g, clusters, rf_net_get_place (net, p), is_entry[p],
                             initial ? initial[p] : 0, omega ? omega[p] : FALSE);

  for (guint t = 0; t < rf_net_n_transitions (net); t++)
    build_transition (g, clusters, places, n_places, rf_net_get_transition (net, t));
  return g;
}

char *
rf_dot_net_to_string (const RfNet *net, const char *graph_name)
{
  g_return_val_if_fail (net != NULL, NULL);
  Agdisc_t disc = { &AgMemDisc, &ids_in_order, &gstring_io };
  Agraph_t *g = build_graph (net, graph_name, &disc);
  GString *out = g_string_new (NULL);
  agwrite (g, out);
  agclose (g);
  return g_string_free (out, FALSE);
}

gboolean
rf_dot_format_is_rendered (const char *format)
{
  static const char *const formats[] = { "svg", "png", "pdf", NULL };
  return format && g_strv_contains (formats, format);
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

GBytes *
rf_dot_net_render (const RfNet *net, const char *graph_name, const char *format, GError **error)
{
  g_return_val_if_fail (rf_dot_format_is_rendered (format), NULL);
  Agdisc_t disc = { &AgMemDisc, &ids_in_order, &gstring_io };
  GVC_t *gvc = shared_gvc ();
  Agraph_t *g = build_graph (net, graph_name, &disc);
  GBytes *bytes = NULL;
  char *data = NULL;
  unsigned int len = 0;
  if (gvLayout (gvc, g, "dot") != 0)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "Graphviz could not lay out the net");
  else
    {
      if (gvRenderData (gvc, g, format, &data, &len) != 0 || !data)
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                     "Graphviz could not render format '%s' (is its plugin installed?)", format);
      else
        bytes = g_bytes_new (data, len);
      if (data)
        gvFreeRenderData (data);
      gvFreeLayout (gvc, g);
    }
  agclose (g);
  return bytes;
}
