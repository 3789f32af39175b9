/* gexiv2, the GObject wrapper of Exiv2 that Shotwell and gThumb use: reading and writing XMP and
   IPTC, in photos and in XMP sidecars. */
#include <gexiv2/gexiv2.h>
