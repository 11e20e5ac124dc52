#!/bin/sh
# Install Tablekeeper for this user (no root needed): ./install.sh   Remove it: ./install.sh --uninstall
# The app goes to ~/.local/share/tablekeeper, the command to ~/.local/bin, and the launcher, icons
# and the .tksave file type to the places desktops look in (~/.local/share/applications, icons, mime).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$HOME/.local/bin
app=$data/tablekeeper

refresh() {
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
    command -v update-mime-database >/dev/null 2>&1 && update-mime-database "$data/mime" >/dev/null 2>&1 || true
    command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$app"
    rm -f "$bin/tablekeeper" "$data/applications/tablekeeper.desktop" "$data/mime/packages/tablekeeper.xml"
    find "$data/icons/hicolor" -name 'tablekeeper.*' -path '*/apps/*' -delete 2>/dev/null || true
    refresh
    echo "Tablekeeper removed."
    exit 0
fi

[ -x "$here/tablekeeper/tablekeeper" ] || { echo "install.sh: run it from the unpacked archive" >&2; exit 1; }
rm -rf "$app.new"
mkdir -p "$data" "$bin" "$data/applications" "$data/mime/packages"
cp -R "$here/tablekeeper" "$app.new"
rm -rf "$app"
mv "$app.new" "$app"
ln -sf "$app/tablekeeper" "$bin/tablekeeper"
for icon in "$here"/icons/hicolor/*/apps/tablekeeper.*; do
    size=$(basename "$(dirname "$(dirname "$icon")")")
    mkdir -p "$data/icons/hicolor/$size/apps"
    cp "$icon" "$data/icons/hicolor/$size/apps/"
done
# The launcher names the installed program by its full path: ~/.local/bin may not be on PATH.
sed -e "s|^Exec=.*|Exec=\"$app/tablekeeper\" %f|" -e "s|^TryExec=.*|TryExec=$app/tablekeeper|" \
    "$here/tablekeeper.desktop" > "$data/applications/tablekeeper.desktop"
chmod 644 "$data/applications/tablekeeper.desktop"
cp "$here/tablekeeper-mime.xml" "$data/mime/packages/tablekeeper.xml"
refresh
echo "Tablekeeper installed: open it from your applications menu, or run $bin/tablekeeper"
