"""Draws the app icons, a die showing five, into assets/icons/: `python -m tools.make_icons`.

The PNGs are committed; rerun this only to change the design. "any" icons are a die on a
transparent background; "maskable" ones fill the square with the brand colour and keep the
die inside the central circle (80% of the width) that every launcher mask leaves visible.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parent.parent / "assets" / "icons"
BRAND = (29, 78, 137, 255)  # --brand in assets/styles/page.css
DIE = (255, 253, 248, 255)
PIP = (29, 78, 137, 255)
SUPERSAMPLE = 4  # draw large, then downscale, for smooth edges

# Pip centres of a five, as fractions of the die's side.
FIVE = ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73))


def draw_die(draw: ImageDraw.ImageDraw, left: float, top: float, side: float) -> None:
    draw.rounded_rectangle(
        (left, top, left + side, top + side),
        radius=side * 0.18,
        fill=DIE,
        outline=BRAND,
        width=round(side * 0.04),
    )
    radius = side * 0.085
    for fx, fy in FIVE:
        cx, cy = left + fx * side, top + fy * side
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=PIP)


def icon(size: int, maskable: bool) -> Image.Image:
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), BRAND if maskable else (0, 0, 0, 0))
    # A square inscribed in the 80% safe circle has a side of 0.8 / sqrt(2) = 0.566.
    side = big * (0.54 if maskable else 0.92)
    draw_die(ImageDraw.Draw(image), (big - side) / 2, (big - side) / 2, side)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    ICONS.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        icon(size, maskable=False).save(ICONS / f"icon-{size}.png", optimize=True)
        icon(size, maskable=True).save(ICONS / f"maskable-{size}.png", optimize=True)
    print(f"icons written to {ICONS}")


if __name__ == "__main__":
    main()
