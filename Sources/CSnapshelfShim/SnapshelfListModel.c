/* The Swift-backed GListModel: GObject type registration needs macros Swift cannot expand,
 * so the type lives here and forwards every question to the Swift callbacks. */
#include "CSnapshelfShim.h"

struct _SnapshelfListKey {
    GObject parent_instance;
    gint64 value;
};

G_DEFINE_FINAL_TYPE(SnapshelfListKey, snapshelf_list_key, G_TYPE_OBJECT)

static void snapshelf_list_key_class_init(SnapshelfListKeyClass *klass) { (void)klass; }
static void snapshelf_list_key_init(SnapshelfListKey *self) { self->value = -1; }

gint64 snapshelf_list_key_get_value(gpointer item) {
    if (!SNAPSHELF_IS_LIST_KEY(item)) {
        return -1;
    }
    return SNAPSHELF_LIST_KEY(item)->value;
}

struct _SnapshelfListModel {
    GObject parent_instance;
    SnapshelfCountFunc count;
    SnapshelfKeyFunc key;
    gpointer data;
    GDestroyNotify destroy;
    /* Items handed out and still alive, by key: GListModel requires the same object for a
     * position for as long as anyone holds it. Entries leave when their item is finalized. */
    GHashTable *live_items;
};

static void snapshelf_list_model_forget_item(gpointer model, GObject *finalized) {
    SnapshelfListModel *self = model;
    gint64 key = SNAPSHELF_LIST_KEY(finalized)->value;
    if (g_hash_table_lookup(self->live_items, &key) == finalized) {
        g_hash_table_remove(self->live_items, &key);
    }
}

static GType snapshelf_list_model_get_item_type(GListModel *model) {
    (void)model;
    return SNAPSHELF_TYPE_LIST_KEY;
}

static guint snapshelf_list_model_get_n_items(GListModel *model) {
    SnapshelfListModel *self = SNAPSHELF_LIST_MODEL(model);
    return self->count(self->data);
}

static gpointer snapshelf_list_model_get_item(GListModel *model, guint position) {
    SnapshelfListModel *self = SNAPSHELF_LIST_MODEL(model);
    if (position >= self->count(self->data)) {
        return NULL;
    }
    gint64 key = self->key(position, self->data);
    SnapshelfListKey *item = g_hash_table_lookup(self->live_items, &key);
    if (item != NULL) {
        return g_object_ref(item);
    }
    item = g_object_new(SNAPSHELF_TYPE_LIST_KEY, NULL);
    item->value = key;
    g_hash_table_insert(self->live_items, g_memdup2(&key, sizeof key), item);
    g_object_weak_ref(G_OBJECT(item), snapshelf_list_model_forget_item, self);
    return item;
}

static void snapshelf_list_model_iface_init(GListModelInterface *iface) {
    iface->get_item_type = snapshelf_list_model_get_item_type;
    iface->get_n_items = snapshelf_list_model_get_n_items;
    iface->get_item = snapshelf_list_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(SnapshelfListModel, snapshelf_list_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, snapshelf_list_model_iface_init))

static void snapshelf_list_model_stop_watching(gpointer key, gpointer item, gpointer model) {
    (void)key;
    g_object_weak_unref(G_OBJECT(item), snapshelf_list_model_forget_item, model);
}

static void snapshelf_list_model_finalize(GObject *object) {
    SnapshelfListModel *self = SNAPSHELF_LIST_MODEL(object);
    g_hash_table_foreach(self->live_items, snapshelf_list_model_stop_watching, self);
    g_hash_table_destroy(self->live_items);
    if (self->destroy != NULL) {
        self->destroy(self->data);
    }
    G_OBJECT_CLASS(snapshelf_list_model_parent_class)->finalize(object);
}

static void snapshelf_list_model_class_init(SnapshelfListModelClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = snapshelf_list_model_finalize;
}

static void snapshelf_list_model_init(SnapshelfListModel *self) {
    self->live_items = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
}

SnapshelfListModel *snapshelf_list_model_new(SnapshelfCountFunc count, SnapshelfKeyFunc key, gpointer data,
                                             GDestroyNotify destroy) {
    g_return_val_if_fail(count != NULL && key != NULL, NULL);
    SnapshelfListModel *self = g_object_new(SNAPSHELF_TYPE_LIST_MODEL, NULL);
    self->count = count;
    self->key = key;
    self->data = data;
    self->destroy = destroy;
    return self;
}

void snapshelf_list_model_items_changed(SnapshelfListModel *self, guint position, guint removed, guint added) {
    g_return_if_fail(SNAPSHELF_IS_LIST_MODEL(self));
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}
